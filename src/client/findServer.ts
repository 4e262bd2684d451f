// Which running server a helper command talks to: --port/--host (or --url) when given, on the
// command line or in the environment; else the one its run dir names (<run-dir>/server.json,
// written by a server started with that run dir); else the default port. `found` says which, so
// an error can name where the command looked.
import path from "node:path";
import { readServerFile } from "../server/local/serverFile.js";
import type { ServerAddress } from "./localClient.js";

export interface AddressChoice {
  host: string;
  port: number;
  /** Whether --host or --port was given (command line or environment), not left at its default. */
  given: boolean;
  runDir: string;
}

export function findServer(choice: AddressChoice): ServerAddress {
  if (choice.given) return { host: choice.host, port: choice.port, found: "given" };
  const runDir = path.resolve(choice.runDir);
  const read = readServerFile(runDir);
  if ("server" in read) return { host: read.server.host, port: read.server.port, found: `run dir ${runDir}` };
  return { host: choice.host, port: choice.port, found: "default", notFound: read.none };
}
