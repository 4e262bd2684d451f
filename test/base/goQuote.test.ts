// Go's strconv.Quote and the decoder's 32-byte prefix, as the go-sdk's error texts quote values
// (measured by the parity fuzzer against the v1.6.1 twin where noted).
import { describe, expect, it } from "vitest";
import { goQuote } from "../../src/base/goQuote.js";
import { decoderPrefix, unquotedPrefix } from "../../src/base/decoderPrefix.js";

describe("goQuote", () => {
  it.each([
    ["plain", '"plain"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ["\n\t\r\b\f\v\x07", '"\\n\\t\\r\\b\\f\\v\\a"'],
    ["\x00\x1f\x7f", '"\\x00\\x1f\\x7f"'],
    // A byte-order mark is a format character, not printable: measured in a ping's params.
    ["\ufeff", '"\\ufeff"'],
    ["\u00a0\u2028", '"\\u00a0\\u2028"'],
    ["é ا 😀 <>&", '"é ا 😀 <>&"'],
    ["\u{e0001}", '"\\U000e0001"'],
  ])("%j is quoted %s", (text, quoted) => {
    expect(goQuote(text)).toBe(quoted);
  });
});

describe("decoderPrefix", () => {
  it("keeps text under 32 bytes whole and cuts longer text at 32 bytes with ...", () => {
    expect(decoderPrefix("x".repeat(31))).toBe("x".repeat(31));
    expect(decoderPrefix("x".repeat(40))).toBe(`${"x".repeat(32)}...`);
  });

  it("writes the bytes of a character the cut falls in as \\xNN when quoted, one U+FFFD when not (measured: an é cut after its first byte)", () => {
    const text = '2,"id":2,"method":"","params":"ééééé';
    expect(goQuote(decoderPrefix(text))).toBe('"2,\\"id\\":2,\\"method\\":\\"\\",\\"params\\":\\"\\xc3..."');
    expect(unquotedPrefix(decoderPrefix(text))).toBe('2,"id":2,"method":"","params":"\ufffd...');
  });
});
