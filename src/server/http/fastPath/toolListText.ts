// tools/list at 2,000 tools is 6.5 MiB of JSON: serialised and encoded once per version of the
// list (the engine hands back the same array while no definition changed), not once per request.

let last: { tools: object[]; text: Buffer } | undefined;

/** UTF-8 of `JSON.stringify(tools)`. */
export function toolListText(tools: object[]): Buffer {
  if (last?.tools !== tools) last = { tools, text: Buffer.from(JSON.stringify(tools)) };
  return last.text;
}
