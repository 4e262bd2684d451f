// A `scenario ... --times N` count read by several processes sharing one run dir (the team
// deployment's replicas) is spent exactly N times: each count is taken under the run dir's lock
// from the file as it is then, never from what a process read a moment before.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeOverrides } from "../../src/overrides/overridesFile.js";
import { projectRoot, requireBuild } from "../reliability/spawnServer.js";

let runDir: string;
beforeAll(() => {
  requireBuild();
  runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-count-"));
});
afterAll(() => fs.rmSync(runDir, { recursive: true, force: true }));

it("three processes spend a count of 90 exactly 90 times", { timeout: 60_000 }, async () => {
  // Each process loads and warms first, then all start together on the count.
  const children: { go(): void; done: Promise<number> }[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < 3; i++) {
    let go = () => {};
    const done = new Promise<number>((resolve, reject) => {
      const script = `
        const { Engine } = await import(${JSON.stringify(path.join(projectRoot, "dist", "engine", "engine.js"))});
        const { OverridesReader } = await import(${JSON.stringify(path.join(projectRoot, "dist", "overrides", "overridesFile.js"))});
        const engine = new Engine({ toolsDir: ${JSON.stringify(path.join(projectRoot, "tools"))}, forced: new OverridesReader(${JSON.stringify(runDir)}) });
        engine.callTool("get_user_profile", {});
        process.send("ready");
        await new Promise((go) => process.once("message", go));
        let forced = 0;
        for (let i = 0; i < 60; i++) if (engine.callTool("get_user_profile", {}).selectedBy === "forced") forced++;
        process.send(forced);
        process.disconnect();
      `;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
      let signalReady: () => void = () => {};
      ready.push(new Promise<void>((r) => (signalReady = r)));
      go = () => child.send("go");
      child.on("message", (m) => (m === "ready" ? signalReady() : resolve(m as number)));
      child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`replica exited ${code}`))));
    });
    children.push({ go: () => go(), done });
  }
  await Promise.all(ready);
  writeOverrides(runDir, { get_user_profile: { scenario: "omar-profile", times: 90 } });
  for (const child of children) child.go();
  const forced = await Promise.all(children.map((c) => c.done));
  expect(forced.reduce((a, b) => a + b, 0), `forced per process: ${forced.join(", ")}`).toBe(90);
  expect(JSON.parse(fs.readFileSync(path.join(runDir, "overrides.json"), "utf8"))).toEqual({});
  expect(fs.existsSync(path.join(runDir, ".overrides.lock"))).toBe(false);
});
