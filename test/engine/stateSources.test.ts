// A stateful call builds its fresh state from the `## State` blocks of the files that have them
// (Catalog.stateSources), checked again on every call, without a stat of every tool file: an
// edited State block is seen on the next call, a new file holding one once the folders' listing
// is looked at again (100 ms later), a State block added to a file that had none once that
// file is read again (here: tools/list).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Engine } from "../../src/engine/engine.js";

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tool(name: string, response: string, state?: object): string {
  const stateBlock = state ? `## State\n\n\`\`\`json state\n${JSON.stringify(state)}\n\`\`\`\n\n` : "";
  const definition = { name, description: `${name} for the test`, inputSchema: { type: "object", properties: {} } };
  return `---\ntool: ${name}\ndomain: t\n---\n\n# ${name}\n\n${stateBlock}## Scenario: only\n\n\`\`\`json response\n${response}\n\`\`\`\n\n## Definition\n\`\`\`json tool\n${JSON.stringify(definition)}\n\`\`\`\n`;
}

/** Writes `text` and moves the file's time on, so an edit within one second is seen as one. */
function write(file: string, text: string, bump = 0): void {
  fs.writeFileSync(file, text);
  const later = new Date(Date.now() + bump * 1000);
  fs.utimesSync(file, later, later);
}

describe("a fresh state reads the files that declare one", () => {
  it("an edited State block, a new file with one, and a block added to a file that had none", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-state-sources-"));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, "t"));
    const file = (n: string) => path.join(dir, "t", `${n}.md`);
    write(file("holder"), tool("holder", '{ "ok": true }', { count: 1 }));
    write(file("plain"), tool("plain", '{ "ok": true }'));
    write(file("reader"), tool("reader", '{ "count": {{= $state.count }}, "other": {{= $exists($state.other) ? $state.other : 0 }}, "late": {{= $exists($state.late) ? $state.late : 0 }} }'));
    // performance.now only: the catalog's listing clock. Date stays real (file times, stat trust).
    vi.useFakeTimers({ toFake: ["performance"] });
    const engine = new Engine({ toolsDir: dir });
    const read = async () => {
      const outcome = await engine.callTool("reader", {});
      if (outcome.kind !== "result") throw new Error(JSON.stringify(outcome));
      return JSON.parse((outcome.result.content as { text: string }[])[0]?.text ?? "null") as unknown;
    };
    expect(await read()).toEqual({ count: 1, other: 0, late: 0 });

    write(file("holder"), tool("holder", '{ "ok": true }', { count: 2 }), 5);
    expect(await read(), "an edited State block").toEqual({ count: 2, other: 0, late: 0 });

    write(file("newcomer"), tool("newcomer", '{ "ok": true }', { other: 7 }));
    // The folders' listing is trusted for 100 ms (Catalog's DIR_RECHECK_MS), for calls as for
    // this: on a fake performance clock, 99 ms after the last look it is not seen, at 100 it is.
    vi.advanceTimersByTime(99);
    expect(await read(), "not yet: the listing is trusted for 100 ms").toEqual({ count: 2, other: 0, late: 0 });
    vi.advanceTimersByTime(1);
    expect(await read(), "a new file with a State block, once the listing is looked at again").toEqual({ count: 2, other: 7, late: 0 });

    write(file("plain"), tool("plain", '{ "ok": true }', { late: 3 }), 5);
    expect(await read(), "not yet: plain had no State block when last read").toEqual({ count: 2, other: 7, late: 0 });
    engine.listTools();
    expect(await read(), "once plain is read again").toEqual({ count: 2, other: 7, late: 3 });
  });
});
