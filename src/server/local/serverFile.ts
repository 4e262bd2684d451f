// <run-dir>/server.json: where the HTTP server started with this run dir listens. The helper
// commands (sessions, calls, why, scenario --session, token) read it, so a server on any port
// is found through its run dir instead of every command needing --port. Written on listening,
// removed on a clean exit; a file left by a killed process names a pid that is gone, and is
// ignored.
import fs from "node:fs";
import path from "node:path";

export const serverFileName = "server.json";

export interface ServerFile {
  /** The origin a local command reaches it at, e.g. http://127.0.0.1:8080 (loopback, even when bound to 0.0.0.0). */
  url: string;
  host: string;
  port: number;
  pid: number;
  startedAt: string;
}

export function serverFilePath(runDir: string): string {
  return path.join(runDir, serverFileName);
}

/** Written whole (a temp file renamed over it): a reader never sees half a file. */
export function writeServerFile(runDir: string, info: ServerFile): void {
  fs.mkdirSync(runDir, { recursive: true });
  const file = serverFilePath(runDir);
  const temp = `${file}.${info.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** Removes the file if it still names this process (another server may have started on the same run dir since). */
export function removeServerFile(runDir: string, pid: number): void {
  const found = readServerFile(runDir, () => true);
  if ("server" in found && found.server.pid === pid) fs.rmSync(serverFilePath(runDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running server this run dir names, or why none is found (said in the helpers' errors). */
export function readServerFile(runDir: string, alive: (pid: number) => boolean = isAlive): { server: ServerFile } | { none: string } {
  const file = serverFilePath(runDir);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return { none: `no ${file}: no HTTP server was started with --run-dir ${runDir}` };
  }
  let info: Partial<ServerFile>;
  try {
    info = JSON.parse(text) as Partial<ServerFile>;
  } catch {
    return { none: `${file} is not JSON (delete it; the next server writes it again)` };
  }
  if (typeof info.url !== "string" || typeof info.port !== "number" || typeof info.pid !== "number" || typeof info.host !== "string") {
    return { none: `${file} lacks url, host, port or pid (delete it; the next server writes it again)` };
  }
  if (!alive(info.pid)) return { none: `${file} names process ${info.pid}, which is no longer running` };
  return { server: info as ServerFile };
}
