// The state kept on disk over stdio (`<run-dir>/state/`): a damaged file is kept aside and said,
// never silently written over (issue 45, item 11), and a lock left by a process killed while it
// held it is taken over, while a live holder's is waited on (item 4).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { StateStore } from "../../src/state/stateStore.js";
import { FileLockTimeout, withFileLock } from "../../src/state/fileLock.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-state-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("state kept on disk", () => {
  it("a state file that is not JSON is moved aside and reported, and the next write does not replace it", () => {
    const dir = tempDir();
    const file = path.join(dir, "user_900000001.json");
    fs.writeFileSync(file, '{"orders": {"ord_1": ');
    const problems: string[] = [];
    const store = new StateStore({ scope: "user", persistDir: dir, onProblem: (text) => problems.push(text) });
    const doc = store.whileLocked("user:900000001", () => store.read("user:900000001", () => ({ fresh: true })));
    expect(doc).toEqual({ fresh: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/state file .*user_900000001\.json is not a JSON object .*moved to .*\.corrupt-\d+/);
    store.write("user:900000001", { orders: {} });
    const aside = fs.readdirSync(dir).filter((f) => f.includes(".corrupt-"));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0] as string), "utf8")).toBe('{"orders": {"ord_1": ');
  });

  it("a lock whose holder was killed is taken over; a live holder's makes the call wait, then fail naming the file", () => {
    const dir = tempDir();
    const lock = path.join(dir, "k.lock");
    // A pid that existed and is gone: a child that has exited.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    fs.writeFileSync(lock, gone);
    expect(withFileLock(lock, () => "ran")).toBe("ran");
    expect(fs.existsSync(lock)).toBe(false);

    fs.writeFileSync(lock, String(process.pid)); // alive: this very process
    let slept = 0;
    const opts = { timeoutMs: 0, staleMs: 30_000, sleep: () => void slept++ };
    expect(() => withFileLock(lock, () => "ran", opts)).toThrow(FileLockTimeout);
    expect(() => withFileLock(lock, () => "ran", opts)).toThrow(/k\.lock has been held by another careem-mcp process .* delete that file/);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
  });
});
