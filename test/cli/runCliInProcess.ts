// The real command line (src/cli/runCli.ts) run in this process: the same parsing, commands and
// output as `node dist/cli.js`, without the second or so each spawned node costs here. Tests
// that are about the process itself (exit codes, signals, stdio) still spawn it.
import { Writable } from "node:stream";
import { runCli } from "../../src/cli/runCli.js";

export interface CliRun {
  status: number | undefined;
  stdout: string;
  stderr: string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

export async function runCliInProcess(...argv: string[]): Promise<CliRun> {
  const out = collector();
  const err = collector();
  const status = await runCli(argv, { out: out.stream, err: err.stream });
  return { status, stdout: out.text(), stderr: err.text() };
}
