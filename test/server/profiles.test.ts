// The go-sdk profiles as data: each release is a set of change ids, and each change id moves one
// request's answer. Every row sends its request to a real session (the engine over the test
// catalog) under every release and checks the answer shows the change exactly when the release's
// set holds it; the sets themselves are pinned to what parity/profiles/ measured.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { createMcpSession } from "../../src/server/mcp/mcpSession.js";
import { changeTable, profiles, releases, useProfile, type ChangeId } from "../../src/server/profiles/profiles.js";
import { copyCatalog, type TempCatalog } from "../transports/catalog.js";
// @ts-expect-error: the measurements' change table is plain JavaScript (parity/ is not compiled).
import { changes as measured } from "../../parity/profiles/changes.mjs";

let catalog: TempCatalog;
let engine: Engine;
beforeAll(() => {
  catalog = copyCatalog();
  engine = new Engine({ toolsDir: catalog.dir, forced: new OverridesReader(catalog.runDir) });
});
afterAll(() => catalog.remove());
afterEach(() => useProfile("1.6.1"));

/** The wire text of the answer to `method` on a fresh, initialized session. */
async function answer(method: string, params: Record<string, unknown> = {}): Promise<string> {
  const texts: string[] = [];
  const session = createMcpSession({ engine, serviceVersion: "test", widgetDomain: "https://example.test", transport: "http", sessionId: "s1", log: () => {}, unrelated: () => {} });
  const reply = { write: (t: string) => texts.push(t), end: () => {} };
  session.receive({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }, reply);
  session.receive({ jsonrpc: "2.0", method: "notifications/initialized" }, reply);
  session.receive({ jsonrpc: "2.0", id: 1, method, params }, reply);
  for (let i = 0; i < 20 && !texts.some((t) => t.includes('"id":1,')); i++) await new Promise((r) => setImmediate(r));
  session.close();
  const text = texts.find((t) => t.includes('"id":1,'));
  if (text === undefined) throw new Error(`no answer to ${method}`);
  return text;
}

/** Per change id: a request, and whether its answer shows the change (its v1.6.1 form otherwise must hold). */
const rows: { change: ChangeId; method: string; params?: Record<string, unknown>; changed: RegExp; base: RegExp }[] = [
  { change: "cache-hints", method: "resources/templates/list", changed: /"result":\{"ttlMs":0,"cacheScope":"public","resourceTemplates":\[\]\}/, base: /"result":\{"resourceTemplates":\[\]\}/ },
  { change: "false-tool-hints", method: "tools/list", changed: /"annotations":\{"idempotentHint":false,"openWorldHint":false,"readOnlyHint":true,"title":"Track a ride"\}/, base: /"annotations":\{"openWorldHint":false,"readOnlyHint":true,"title":"Track a ride"\}/ },
  { change: "html-escaping", method: "resources/read", params: { uri: "ui://careem-mcp-app" }, changed: /"text":"\\u003c!DOCTYPE html\\u003e/, base: /"text":"<!DOCTYPE html>/ },
  { change: "resource-not-found-code", method: "resources/read", params: { uri: "ui://nothing" }, changed: /"error":\{"code":-32602,"message":"Resource not found"/, base: /"error":\{"code":-32002,"message":"Resource not found"/ },
];

describe("the profile table", () => {
  it("has a row here for every change id it can switch, and each id is one parity/profiles measured", () => {
    expect(rows.map((r) => r.change).sort()).toEqual(Object.keys(changeTable).sort());
    for (const id of Object.keys(changeTable)) expect(Object.keys(measured as object)).toContain(id);
  });

  it("pins each release's set: 1.6.1 is the base, 1.7.0 and 1.8.0 answer the legacy protocol alike", () => {
    expect([...profiles["1.6.1"]]).toEqual([]);
    expect([...profiles["1.7.0"]].sort()).toEqual(["cache-hints", "false-tool-hints", "html-escaping", "resource-not-found-code"]);
    expect([...profiles["1.8.0"]].sort()).toEqual([...profiles["1.7.0"]].sort());
  });

  for (const release of releases) {
    for (const row of rows) {
      const on = profiles[release].has(row.change);
      it(`${release}: ${row.change} ${on ? "changes" : "leaves"} ${row.method}`, async () => {
        useProfile(release);
        const text = await answer(row.method, row.params);
        expect(text).toMatch(on ? row.changed : row.base);
        expect(text).not.toMatch(on ? row.base : row.changed);
      });
    }
  }
});
