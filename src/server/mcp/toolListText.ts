// tools/list at 2,000 tools is 6.5 MiB of JSON: shaped and written as the go-sdk writes it once
// per version of the list (the engine hands back the same array while no definition changed),
// not once per request.
import { goResult } from "../goWire/goShapes.js";
import { Raw, writeGo } from "../goWire/goText.js";
import { activeProfile } from "../profiles/profiles.js";

let last: { tools: object[]; profile: object; text: Raw } | undefined;

/** The go-sdk's text of the result `{ tools }`, embedded as is by the writer. */
export function toolListText(tools: object[]): Raw {
  // The profile decides hints and cache fields, so a text is only reused under the one it was written for.
  const profile = activeProfile();
  if (last?.tools !== tools || last.profile !== profile) last = { tools, profile, text: new Raw(writeGo(goResult("tools/list", { tools }))) };
  return last.text;
}
