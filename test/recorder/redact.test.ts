// What never reaches a recorded file: values under --redact keys (any depth, any case), the
// text of a credential header with and without its scheme, and a redacted value echoed inside
// another string. Short values are blanked under their key only.
import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/recorder/redact.js";
import { matchPattern } from "../../src/recorder/matchPattern.js";

describe("Redactor", () => {
  it("blanks redacted keys at any depth and in any case, and their text wherever it is echoed", () => {
    const r = new Redactor(["cardNumber"], []);
    const args = { order: { CardNumber: "4111111111111111", items: [{ cardnumber: "5500000000000004" }] }, note: "hi" };
    r.learn(args);
    expect(r.redact(args)).toEqual({ order: { CardNumber: "[redacted]", items: [{ cardnumber: "[redacted]" }] }, note: "hi" });
    expect(r.redact({ message: "charged card 4111111111111111 and 5500000000000004" })).toEqual({ message: "charged card [redacted] and [redacted]" });
    expect(r.leaks('{"message":"card 4111111111111111"}')).toBe(true);
    expect(r.leaks('{"message":"card [redacted]"}')).toBe(false);
  });

  it("blanks an Authorization header's value and its bare token wherever they appear", () => {
    const r = new Redactor([], ["Bearer eyJhbGciOi.secret-part.sig"]);
    expect(r.redact({ echo: "you sent Bearer eyJhbGciOi.secret-part.sig", token: "eyJhbGciOi.secret-part.sig" })).toEqual({ echo: "you sent [redacted]", token: "[redacted]" });
  });

  it("does not hunt for values shorter than four characters inside other text", () => {
    const r = new Redactor(["pin"], []);
    r.learn({ pin: "12" });
    expect(r.redact({ pin: "12", total: "120.12" })).toEqual({ pin: "[redacted]", total: "120.12" });
    // Nothing to hide in an empty or null value: it stays as the upstream sent it.
    expect(r.redact({ pin: "", other: { pin: null } })).toEqual({ pin: "", other: { pin: null } });
  });

  it("writes a redacted key in the match block as any value present", () => {
    const r = new Redactor(["cardNumber"], []);
    expect(matchPattern(r.redact({ cardNumber: "4111111111111111", q: "~x" }), r.isRedactedKey)).toEqual({ cardNumber: "*", q: "=~x" });
  });
});
