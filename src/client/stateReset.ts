// `./careem-mcp.sh state reset [key]`: the way out of a full state (the cap's refusal names it).
// A user's state lives in a running HTTP server's memory (or Redis, with --store) and, for stdio
// conversations, in `<run-dir>/state/`: the command clears both that it finds, and says which.
import fs from "node:fs";
import path from "node:path";
import { LocalApiError, localRequest, type ServerAddress } from "./localClient.js";

type Out = NodeJS.WritableStream;

export async function stateResetCommand(key: string, at: ServerAddress, runDir: string, out: Out, err: Out): Promise<number> {
  let done = 0;
  // The file name the stdio store gives the key (stateStore.ts: anything else becomes "_").
  const file = path.join(runDir, "state", `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  if (fs.existsSync(file)) {
    fs.rmSync(file, { force: true });
    out.write(`state of ${key} removed from ${file} (stdio conversations start again from the tool files' world)\n`);
    done++;
  }
  try {
    await localRequest(at, "DELETE", `/state/${encodeURIComponent(key)}`);
    out.write(`state of ${key} reset on the server at ${at.host}:${at.port}\n`);
    done++;
  } catch (e) {
    if (!(e instanceof LocalApiError)) throw e;
    if (done === 0) {
      err.write(`state reset: nothing to reset for ${key}: no file ${file}, and ${e.message}\n`);
      return 1;
    }
  }
  return 0;
}
