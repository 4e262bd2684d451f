// The date-time format keeps its verdicts per text (src/base/ajv.ts): a kept verdict must be the
// check's own, for valid and invalid texts alike, every time it is asked, and the kept verdicts stay
// bounded however many texts a client sends.
import { describe, expect, it } from "vitest";
import { FORMAT_VERDICTS, SchemaCompiler } from "../../src/base/ajv.js";
import { CompiledBefore } from "../../src/base/compiledBefore.js";

const schema = { type: "object", properties: { at: { type: "string", format: "date-time" } } };

describe("date-time verdicts kept per text", () => {
  const validate = new SchemaCompiler({ formats: true }, new CompiledBefore(undefined)).prepare(schema);

  it.each([
    ["2026-12-04T19:20:56Z", true],
    ["2026-12-04T19:20:56.123+04:00", true],
    ["2026-02-29T10:00:00Z", false], // not a leap year: the calendar check, not the pattern
    ["2028-02-29T10:00:00Z", true],
    ["2026-12-04 19:20:56Z", true], // RFC 3339 allows a space for the T (ajv-formats does)
    ["2026-12-04T25:00:00Z", false],
    ["2026-12-04T19:20:56", false], // no offset
    ["tomorrow", false],
  ])("%s: %s, asked three times", (at, valid) => {
    for (let i = 0; i < 3; i++) expect(validate({ at })).toBe(valid);
  });

  it("stays right past the bound on kept texts", () => {
    for (let i = 0; i < FORMAT_VERDICTS * 2 + 5; i++) {
      const second = String(i % 60).padStart(2, "0");
      const minute = String(Math.floor(i / 60) % 60).padStart(2, "0");
      expect(validate({ at: `2026-12-04T10:${minute}:${second}Z` })).toBe(true);
    }
    expect(validate({ at: "2026-02-29T10:00:00Z" })).toBe(false);
  });
});
