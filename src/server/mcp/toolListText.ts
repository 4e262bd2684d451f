// tools/list at 2,000 tools is 6.5 MiB of JSON: shaped and written as the go-sdk writes it once
// per version of the list (the engine hands back the same array while no definition changed),
// not once per request.
import { goResult } from "../goWire/goShapes.js";
import { Raw, writeGo } from "../goWire/goText.js";

let last: { tools: object[]; text: Raw } | undefined;

/** The go-sdk's text of the result `{ tools }`, embedded as is by the writer. */
export function toolListText(tools: object[]): Raw {
  if (last?.tools !== tools) last = { tools, text: new Raw(writeGo(goResult("tools/list", { tools }))) };
  return last.text;
}
