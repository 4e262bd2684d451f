// Every log line goes to stderr: stdout belongs to JSON-RPC in --stdio mode.

export type Log = (line: string) => void;

export const stderrLog: Log = (line) => {
  process.stderr.write(`careem-mcp: ${line}\n`);
};
