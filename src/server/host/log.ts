// Every log line goes to stderr: stdout belongs to JSON-RPC in --stdio mode.
//
// Lines are gathered and written once per event-loop turn. stderr to a file or a pipe is a
// synchronous write(2) in node, and one per tools/call was the largest single cost a call had
// over the benchmark's minimal server. A line waits at most until the current turn
// ends; the 'exit' hook writes whatever is left, so process.exit() and crashes lose nothing.

export type Log = (line: string) => void;

let pending: string[] = [];
let scheduled = false;

/** Writes the lines gathered so far. Synchronous, so it is safe inside an 'exit' handler. */
export function flushLog(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join("");
  pending = [];
  process.stderr.write(text);
}

process.on("exit", flushLog);

export const stderrLog: Log = (line) => {
  pending.push(`careem-mcp: ${line}\n`);
  if (scheduled) return;
  scheduled = true;
  setImmediate(flushLog);
};
