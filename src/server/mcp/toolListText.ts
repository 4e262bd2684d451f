// tools/list at 2,000 tools is 6.5 MiB of JSON: the tools shaped and written as the go-sdk writes
// them once per version of the list (the engine hands back the same array while no definition
// changed), not once per request. The result around them (cache hints, the 2026-07-28 era's
// fields) is written per answer by goWire/goShapes.ts.
import { goTool } from "../goWire/goShapes.js";
import { goWireText, Raw } from "../../goJson/encode.js";
import type { Profile } from "../profiles/profiles.js";

let last: { tools: object[]; profile: object; text: Raw } | undefined;

/** The go-sdk's text of the `tools` array of the result, embedded as is by the writer. */
export function toolListText(tools: object[], profile: Profile): Raw {
  // The profile decides the annotations' hints, so a text is only reused under the one it was written for.
  if (last?.tools !== tools || last.profile !== profile) last = { tools, profile, text: new Raw(goWireText(tools.map((t) => goTool(t, profile)))) };
  return last.text;
}
