// The profile is a value a host builds from its config and hands to what it serves, not a
// process-wide setting: a host started with goSdk 1.7.0 answers as v1.7.0 with no CLI in
// between, two hosts in one process each answer as their own, and every change id of the
// table is asked for by some code (an id no code reads switches nothing, silently).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { baseProfile, changeTable, profileOf, profiles, releases, type ProfileName } from "../../../src/server/profiles/profiles.js";
import { copyCatalog, type TempCatalog } from "../../transports/catalog.js";
import { initializeBody, mcpHeaders, rawHttp } from "../../transports/rawHttp.js";

const projectRoot = path.resolve(import.meta.dirname, "../../..");

let catalog: TempCatalog;
beforeAll(() => {
  catalog = copyCatalog();
});
afterAll(() => catalog.remove());

const hosts: HttpHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

async function start(goSdk: "1.6.1" | "1.7.0" | "1.8.0", stateless = false): Promise<HttpHost> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-profile-value-"));
  const host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir, goSdk, stateless }, { log: () => {} });
  hosts.push(host);
  return host;
}

/** The answer to resources/templates/list on a new session of `host`: its cache hints are v1.7.0's. */
async function templatesList(host: HttpHost): Promise<string> {
  const init = await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
  expect(init.status).toBe(200);
  const session = { "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": "2025-06-18" };
  await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...session }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  const list = await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...session }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "resources/templates/list", params: {} }) });
  return list.body;
}

const v161 = '"result":{"resourceTemplates":[]}';
const v170 = '"result":{"ttlMs":0,"cacheScope":"public","resourceTemplates":[]}';

describe("a host answers as the profile of its own config", () => {
  it("listenHttp({ goSdk: \"1.7.0\" }) answers as v1.7.0", async () => {
    expect(await templatesList(await start("1.7.0"))).toContain(v170);
  });

  it("two hosts in one process, v1.6.1 and v1.7.0, each answer as their own, whichever started last", async () => {
    const old = await start("1.6.1");
    const newer = await start("1.7.0");
    expect(await templatesList(old)).toContain(v161);
    expect(await templatesList(newer)).toContain(v170);
    const third = await start("1.6.1");
    expect(await templatesList(newer)).toContain(v170);
    expect(await templatesList(third)).toContain(v161);
  });
});

describe("the Profile value", () => {
  it("is one frozen value per release and mode, holding that profile's set", () => {
    for (const release of releases) {
      for (const stateless of [false, true]) {
        const profile = profileOf({ goSdk: release, stateless });
        const name = (stateless ? `${release}-stateless` : release) as ProfileName;
        expect(profile).toMatchObject({ name, release, mode: stateless ? "stateless" : "stateful" });
        expect(profile.changes).toBe(profiles[name]);
        expect(profileOf({ goSdk: release, stateless })).toBe(profile);
        expect(Object.isFrozen(profile)).toBe(true);
      }
    }
    expect(baseProfile.name).toBe("1.6.1");
  });

  it.each([
    ["1.6.1", false, "unknown"],
    ["1.6.1", true, "unknown"],
    ["1.7.0", false, "refused-plaintext"],
    ["1.7.0", true, "served"],
    ["1.8.0", false, "refused-32022"],
    ["1.8.0", true, "served"],
  ] as const)("%s (stateless: %s) meets a 2026-07-28 request as %s", (goSdk, stateless, era) => {
    expect(profileOf({ goSdk, stateless }).era).toBe(era);
  });
});

describe("every change id is read by some code", () => {
  // Every `.has("<id>")` in src/: how code asks a profile (or its set) for a change. The table
  // and the sets in profiles.ts name ids only as keys and list items, never so.
  const src = path.join(projectRoot, "src");
  const text = fs
    .readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => fs.readFileSync(path.join(src, f), "utf8"))
    .join("\n");
  const read = new Set([...text.matchAll(/\.has\("([a-z0-9-]+)"\)/g)].map((m) => m[1]));

  it("finds the reads", () => {
    expect(read).toContain("cache-hints");
  });

  it.each(Object.keys(changeTable))("%s", (id) => {
    expect(read.has(id), `no code asks profile.has("${id}"): switch it where go-sdk changes, or drop it from the table`).toBe(true);
  });
});
