// The go-sdk decoder's words, one row per input measured against the parity twin (go-sdk v1.6.1
// over streamable HTTP: the text after `malformed payload: `), plus what it accepts.
import { describe, expect, it } from "vitest";
import { goDecode } from "../../../src/server/wire/goDecode.js";
import { paramsProblem } from "../../../src/server/wire/goParams.js";
import { memberText } from "../../../src/server/wire/goDecode.js";
import { baseProfile, profileOf } from "../../../src/server/profiles/profiles.js";

const refused: [string, string][] = [
  ['{"jsonrpc":"2.0","id":2,"method":', "unmarshaling jsonrpc message: unexpected EOF"],
  ['{"jsonrpc":', "unmarshaling jsonrpc message: unexpected EOF"],
  ["  ", "unmarshaling jsonrpc message: EOF"],
  ["mxyz", "unmarshaling jsonrpc message: json: invalid character 'm' looking for beginning of value: mxyz"],
  ['{"a" 1}', "unmarshaling jsonrpc message: json: expected ':' after object field key but found '1': 1}"],
  ['{"jsonrpc":"2.0",}', "unmarshaling jsonrpc message: json: unexpected trailing comma after object field: }"],
  ["[1,]", "unmarshaling jsonrpc message: json: unexpected trailing comma after object field: ]"],
  [`{${Buffer.from([0xff, 0xfe]).toString("latin1")}}`, "unmarshaling jsonrpc message: json: expected '\"' at the beginning of a string value: \u00ff\u00fe}"],
  // The decoder names a character by its first UTF-8 byte (fmt's %c of a byte): a byte-order
  // mark (EF BB BF) is 'ï', an é (C3 A9) 'Ã' (the BOM measured by the parity fuzzer).
  ['\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}', 'unmarshaling jsonrpc message: json: invalid character \'ï\' looking for beginning of value: \ufeff{"jsonrpc":"2.0","id":1,"meth...'],
  ['{"a" é}', "unmarshaling jsonrpc message: json: expected ':' after object field key but found 'Ã': é}"],
  // A literal is compared whole (measured against the v1.6.1 twin).
  ["tré", "unmarshaling jsonrpc message: json: expected 'true' but found invalid token: tré"],
  ['{"a":nul}', "unmarshaling jsonrpc message: json: expected 'null' but found invalid token: nul}"],
  ['{"a":fals', "unmarshaling jsonrpc message: unexpected EOF"],
  // Numbers and strings as segmentio/encoding reads them; cut short inside either is the end of
  // the input (measured by the parity fuzzer against the v1.6.1 twin).
  ['{"jsonrpc":"2.0","id":-,"method":"ping"}', "unmarshaling jsonrpc message: json: expected digit but got ',': -,\"method\":\"ping\"}"],
  ['{"jsonrpc":"2.0","id":-4.', "unmarshaling jsonrpc message: unexpected EOF"],
  ['{"jsonrpc":"2.0","id":2,"method":"pi', "unmarshaling jsonrpc message: unexpected EOF"],
  ['{"a":"x\ty"}', 'unmarshaling jsonrpc message: json: invalid character \'\t\' in string escape code: "x\ty"}'],
  ['{"jsonrpc":"2.0","id":1E400,"method":"ping"}', 'unmarshaling jsonrpc message: json: cannot unmarshal "1E400" into Go struct field jsonrpc2.wireCombined.id of type float64'],
  // Keys are decoded in order, a duplicate included: the first "method" is refused though a later one is a string.
  ['{"method":true,"jsonrpc":"2.0","id":2,"method":"ping"}', 'unmarshaling jsonrpc message: json: cannot unmarshal "true,\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"met..." into Go struct field jsonrpc2.wireCombined.method of type string'],
  ["42", 'unmarshaling jsonrpc message: json: cannot unmarshal "42" into Go value of type jsonrpc2.wireCombined'],
  ['"ping"', 'unmarshaling jsonrpc message: json: cannot unmarshal "\\"ping\\"" into Go value of type jsonrpc2.wireCombined'],
  ["true", 'unmarshaling jsonrpc message: json: cannot unmarshal "true" into Go value of type jsonrpc2.wireCombined'],
  ["[42]", 'unmarshaling jsonrpc message: json: cannot unmarshal "42" into Go value of type jsonrpc2.wireCombined'],
  ['{"jsonrpc":2,"id":1,"method":"ping"}', 'unmarshaling jsonrpc message: json: cannot unmarshal "2,\\"id\\":1,\\"method\\":\\"ping\\"}" into Go struct field jsonrpc2.wireCombined.jsonrpc of type string'],
  ['{"jsonrpc":"2.0","id":3,"method":5}', 'unmarshaling jsonrpc message: json: cannot unmarshal "5}" into Go struct field jsonrpc2.wireCombined.method of type string'],
  ['{"jsonrpc":"2.0","id":true,"method":"ping"}', "parse error: invalid ID type bool"],
  ['{"jsonrpc":"2.0","id":{},"method":"ping"}', "parse error: invalid ID type map[string]interface {}"],
  ['{"jsonrpc":"2.0","result":{}}', "invalid request"],
  ['{"hello":"world"}', 'invalid message version tag ""; expected "2.0"'],
  ['{"jsonrpc":"1.0","id":7,"method":"ping"}', 'invalid message version tag "1.0"; expected "2.0"'],
  ["null", "empty batch"],
  ["[]", "empty batch"],
];

describe("goDecode", () => {
  it.each(refused)("%s is refused with the decoder's words", (text, reason) => {
    expect(goDecode(text, baseProfile)).toEqual({ ok: false, reason });
  });

  it("reads the first value and ignores what follows it", () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    expect(goDecode(`${ping} x`, baseProfile)).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1, method: "ping" }, texts: [ping] });
    expect(goDecode(`${ping}{"x"`, baseProfile)).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1, method: "ping" }, texts: [ping] });
  });

  it("cuts a fractional id to an integer, toward zero, as jsonrpc2.MakeID does", () => {
    expect(goDecode('{"jsonrpc":"2.0","id":1.5,"method":"ping"}', baseProfile)).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1, method: "ping" }, texts: ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}'] });
    expect(goDecode('{"jsonrpc":"2.0","id":-2.7,"method":"ping"}', baseProfile)).toEqual({ ok: true, value: { jsonrpc: "2.0", id: -2, method: "ping" }, texts: ['{"jsonrpc":"2.0","id":-2.7,"method":"ping"}'] });
  });

  it("reads an escaped half of a surrogate pair as U+FFFD, in values and keys, as encoding/json does; whole pairs stay", () => {
    const decoded = goDecode('{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"x\\ud800y","b":["\\udfff"],"c\\ud83dd":"\\ud83d\\ude00","d":"\\\\ud800"}}', baseProfile);
    expect(decoded.ok).toBe(true);
    const params = (decoded as { value: { params: Record<string, unknown> } }).value.params;
    expect(params).toEqual({ a: "x\ufffdy", b: ["\ufffd"], "c\ufffdd": "\u{1F600}", d: "\\ud800" });
  });

  it("takes a message with an id and no method as a response", () => {
    expect(goDecode('{"jsonrpc":"2.0","id":1}', baseProfile)).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1 }, texts: ['{"jsonrpc":"2.0","id":1}'] });
  });

  it("keeps each message's text as it came: spaces around it left out, one per element of a batch", () => {
    const a = '{ "jsonrpc": "2.0", "id": 1, "method": "ping" }';
    const b = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    expect(goDecode(`\n ${a} \n`, baseProfile)).toMatchObject({ ok: true, texts: [a] });
    expect(goDecode(`[ ${a} ,\n${b}]`, baseProfile)).toMatchObject({ ok: true, texts: [a, b] });
  });
});

describe("memberText: a member's text as sent (the decoder keeps a json.RawMessage so)", () => {
  it.each([
    ['{"jsonrpc":"2.0","params":{ "name" : 7 }}', '{ "name" : 7 }'],
    ['{"params":[1, 2],"params":{"a": 1}}', '{"a": 1}'],
    ['{"par\\u0061ms":"x"}', '"x"'],
    ['{"Params":{}}', undefined],
    ['{"jsonrpc":"2.0"}', undefined],
    ['[{"params":{}}]', undefined],
  ])("%s", (text, member) => {
    expect(memberText(text, "params")).toBe(member);
  });
});

describe("paramsProblem", () => {
  it.each([
    ["tools/list", [1], `handling 'tools/list': unmarshaling "[1]" into a *mcp.ListToolsParams: json: cannot unmarshal "[1]" into Go value of type mcp.ListToolsParams`],
    ["tools/call", "get_wallet_balance", `handling 'tools/call': unmarshaling "\\"get_wallet_balance\\"" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "\\"get_wallet_balance\\"" into Go value of type mcp.CallToolParamsRaw`],
    ["logging/setLevel", { level: 3 }, `handling 'logging/setLevel': unmarshaling "{\\"level\\":3}" into a *mcp.SetLoggingLevelParams: json: cannot unmarshal "3}" into Go struct field mcp.SetLoggingLevelParams.level of type string`],
    [
      "initialize",
      { protocolVersion: 20250618, capabilities: {}, clientInfo: { name: "parity-corpus", version: "1.0.0" } },
      `handling 'initialize': unmarshaling ${JSON.stringify(JSON.stringify({ protocolVersion: 20250618, capabilities: {}, clientInfo: { name: "parity-corpus", version: "1.0.0" } }))} into a *mcp.initializeParamsV2: json: cannot unmarshal "20250618,\\"capabilities\\":{},\\"clie..." into Go struct field mcp.initializeParamsV2.protocolVersion of type string`,
    ],
    // Every params struct embeds Meta, a map: a `_meta` that is not an object fails (measured
    // against the v1.6.1 twin by the parity fuzzer).
    ["tools/call", { name: "get_ride_status", arguments: {}, _meta: 5 }, `handling 'tools/call': unmarshaling "{\\"name\\":\\"get_ride_status\\",\\"arguments\\":{},\\"_meta\\":5}" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5}" into Go struct field mcp.CallToolParamsRaw._meta of type map[string]interface {}`],
    ["ping", { _meta: "x" }, `handling 'ping': unmarshaling "{\\"_meta\\":\\"x\\"}" into a *mcp.PingParams: json: cannot unmarshal "\\"x\\"}" into Go struct field mcp.PingParams._meta of type map[string]interface {}`],
    ["tools/list", { _meta: [1] }, `handling 'tools/list': unmarshaling "{\\"_meta\\":[1]}" into a *mcp.ListToolsParams: json: cannot unmarshal "[1]}" into Go struct field mcp.ListToolsParams._meta of type map[string]interface {}`],
  ])("%s with %j", (method, params, text) => {
    expect(paramsProblem(method, params, baseProfile)).toBe(text);
  });

  it("null params and well-typed ones unmarshal", () => {
    expect(paramsProblem("tools/list", null, baseProfile)).toBeUndefined();
    expect(paramsProblem("tools/call", { name: "x", arguments: 5 }, baseProfile)).toBeUndefined();
    expect(paramsProblem("tools/call", { name: "x", _meta: null }, baseProfile)).toBeUndefined();
    expect(paramsProblem("tools/call", { name: "x", _meta: { a: 1 } }, baseProfile)).toBeUndefined();
  });
});

describe("from go-sdk v1.7.0 (jsonrpc2.wireDecode, measured: test/parity/profiles/v1.7.0*/http/body/)", () => {
  it.each([
    ['{"jsonrpc":2,"id":2,"method":"ping"}', 'unmarshaling jsonrpc message: json: cannot unmarshal "2,\\"id\\":2,\\"method\\":\\"ping\\"}" into Go struct field jsonrpc2.wireDecode.jsonrpc of type string'],
    ["42", 'unmarshaling jsonrpc message: json: cannot unmarshal "42" into Go value of type jsonrpc2.wireDecode'],
  ])("%s", (text, reason) => {
    expect(goDecode(text, profileOf({ goSdk: "1.7.0", stateless: false }))).toEqual({ ok: false, reason });
  });
});

describe("paramsProblem quotes the params as they were sent", () => {
  it("with spaces, as sent (measured: http/body/params-spaced-mistyped)", () => {
    expect(paramsProblem("tools/call", { name: 7 }, baseProfile, () => '{ "name" : 7 }')).toBe(
      `handling 'tools/call': unmarshaling "{ \\"name\\" : 7 }" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "7 }" into Go struct field mcp.CallToolParamsRaw.name of type string`,
    );
  });
});
