// parsedInstant is Date.parse with the last texts remembered (the ride world's time line is
// read several times per call): the same answer as Date.parse, NaN included, before and after
// its memory fills.
import { describe, expect, it } from "vitest";
import { parsedInstant } from "../../src/base/dubaiTime.js";

describe("parsedInstant", () => {
  it.each(["2026-12-04T19:20:56Z", "2026-12-04T19:20:56.250Z", "2026-12-04T23:20:56+04:00", "2026-02-30T00:00:00Z", "not a time", "", "2026-12-04"])(
    "%j answers as Date.parse, asked twice",
    (text) => {
      expect(parsedInstant(text)).toEqual(Date.parse(text));
      expect(parsedInstant(text)).toEqual(Date.parse(text));
    },
  );

  it("stays right after many texts have come and gone", () => {
    for (let i = 0; i < 1_000; i++) {
      const text = new Date(Date.UTC(2026, 11, 4, 0, 0, i)).toISOString();
      expect(parsedInstant(text)).toBe(Date.UTC(2026, 11, 4, 0, 0, i));
    }
    expect(parsedInstant("2026-12-04T19:20:56Z")).toBe(Date.UTC(2026, 11, 4, 19, 20, 56));
  });
});
