// README's "Your first tool file", the first thing a new user copies: the copy in the README is the
// fixture file, byte for byte; it is at most 40 lines; --check passes it; and served, it answers
// both scenarios.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { projectRoot } from "../reliability/spawnServer.js";

const dir = path.join(projectRoot, "test", "fixtures", "first-tool");
const file = path.join(dir, "rides", "tip_captain.md");

describe("README: your first tool file", () => {
  it("is the fixture file, at most 40 lines", () => {
    const readme = fs.readFileSync(path.join(projectRoot, "README.md"), "utf8");
    const block = /<!-- first-tool-file -->\n````markdown\n([\s\S]*?)````\n<!-- \/first-tool-file -->/.exec(readme)?.[1];
    expect(block).toBe(fs.readFileSync(file, "utf8"));
    expect((block as string).split("\n").length - 1).toBeLessThanOrEqual(40);
  });

  it("passes --check", async () => {
    const run = await runCliInProcess("check", "--tools", dir);
    expect(run.stdout).toBe("check: 1 tools, 2 scenarios, 0 problems: ok\n");
    expect(run.status).toBe(0);
  });

  it("answers its match scenario and its default", async () => {
    const engine = new Engine({ toolsDir: dir, clock: () => Date.parse("2026-12-01T10:00:00Z") });
    const output = async (args: Record<string, unknown>) => {
      const outcome = await engine.callTool("tip_captain", args, { transport: "http" });
      return "result" in outcome ? outcome.result.structuredContent : outcome;
    };
    expect(await output({ rideId: "ride_missing_9", amount: 10 })).toEqual({ success: false, error: "RIDE_NOT_FOUND: Ride ride_missing_9 not found" });
    expect(await output({ rideId: "ride_1", amount: 10 })).toEqual({ success: true, rideId: "ride_1", amount: 10, tippedAt: "2026-12-01T10:00:00Z" });
  });
});
