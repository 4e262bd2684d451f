// One journal entry as one line for `calls`.
import type { JournalEntry } from "../journal/journal.js";

export function formatCall(call: JournalEntry): string {
  const args = JSON.stringify(call.arguments);
  const session = call.session ?? "-";
  return `#${call.id} ${call.time} ${call.transport} session=${session} ${call.tool} ${args.length > 80 ? `${args.slice(0, 77)}...` : args} -> ${call.scenario ?? "(none)"}${call.isError ? " isError" : ""} | ${call.why}`;
}
