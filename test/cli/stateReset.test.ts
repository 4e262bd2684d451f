// `state reset`, the way out a full state's refusal names (issue 45, item 7): it removes the
// stdio conversations' state file, and says so; with nothing to reset it fails and says why.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "./runCliInProcess.js";

describe("state reset", () => {
  it("removes the run dir's state file of the user, and fails naming both places when there is none", async () => {
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-state-reset-"));
    try {
      fs.mkdirSync(path.join(runDir, "state"));
      const file = path.join(runDir, "state", "user_900000001.json");
      fs.writeFileSync(file, '{"baskets":{}}');
      // Port 9 (discard): no server answers there.
      const reset = await runCliInProcess("state", "reset", "--run-dir", runDir, "--port", "9");
      expect(reset.status).toBe(0);
      expect(reset.stdout).toContain(`state of user:900000001 removed from ${file}`);
      expect(fs.existsSync(file)).toBe(false);
      const again = await runCliInProcess("state", "reset", "--run-dir", runDir, "--port", "9");
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/nothing to reset for user:900000001: no file .*, and cannot reach a careem-mcp server/);
    } finally {
      fs.rmSync(runDir, { recursive: true, force: true });
    }
  });
});
