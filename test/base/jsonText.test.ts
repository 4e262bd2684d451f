import { describe, expect, it } from "vitest";
import { jsonErrorAt } from "../../src/base/jsonErrorAt.js";
import { JsonTextError, parseJson } from "../../src/base/jsonText.js";
import { compileTemplate } from "../../src/template/template.js";

describe("parseJson errors: the exact line and column, one line of text", () => {
  // [block text, 0-based line, message]
  const rows: [string, number, string][] = [
    ['{\n  "a": 1,\n  "b": oops\n}', 2, "invalid JSON at column 8: Unexpected token 'o'"],
    // The cause, where it lies on an earlier line: a trailing comma, a missing one.
    ['{\n  "a": 1,\n}', 1, 'invalid JSON at column 9: Expected double-quoted property name (a trailing "," before "}")'],
    ['{\n  "a": 1\n  "b": 2\n}', 1, 'invalid JSON at column 9: Expected \',\' or \'}\' after property value (a "," is missing at the end of this line)'],
    ['[\n  {"a": 1}\n  {"b": 2}\n]', 1, 'invalid JSON at column 11: Expected \',\' or \']\' after array element (a "," is missing at the end of this line)'],
    // A whole document followed by more: nothing is missing inside it.
    ['{ "a": 1 }\n{ "b": 2 }', 1, "invalid JSON at column 1: Unexpected non-whitespace character after JSON"],
    // On one line the place found is the cause already.
    ['{ "a": 1 "b": 2 }', 0, "invalid JSON at column 10: Expected ',' or '}' after property value"],
    ['{ "a": 1 }\n}', 1, "invalid JSON at column 1: Unexpected non-whitespace character after JSON"],
    ['{\n  "a": "unterminated\n}', 1, "invalid JSON at column 21: Bad control character in string literal"],
    ['{\n  "a": 1.\n}', 1, "invalid JSON at column 10: Unterminated fractional number"],
    ['[1,\n 2,\n ]', 1, 'invalid JSON at column 3: Unexpected token \']\' (a trailing "," before "]")'],
    ['{\n  "a": tru\n}', 1, "invalid JSON at column 11: Unexpected token '\\n'"],
    ["", 0, "invalid JSON at column 1: Unexpected end of JSON input"],
  ];

  it.each(rows)("%j", (text, line, message) => {
    let caught: unknown;
    try {
      parseJson(text);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(JsonTextError);
    const e = caught as JsonTextError;
    expect({ line: e.lineOffset, message: e.message }).toEqual({ line, message });
  });

  it("a template's bare placeholder counts as a value, and the column is the one written", () => {
    expect(() => compileTemplate('{\n  "n": {{args.limit}},\n  "b": oops\n}')).toThrow(expect.objectContaining({ lineOffset: 2, message: "invalid JSON at column 8: Unexpected token 'o'" }));
  });

  it("jsonErrorAt finds nothing wrong in valid JSON", () => {
    expect(jsonErrorAt('{"a":[1,-2.5e3,"x\\u00e9",true,false,null,{}]}')).toBe(-1);
  });
});
