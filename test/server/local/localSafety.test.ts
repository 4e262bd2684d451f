// /_local/ is safe from other web pages: no CORS headers anywhere, a foreign
// Origin gets 403, a write that is not JSON gets 415 (form-style posts included), a rebinding
// Host gets 403; and the routes production has keep answering as before.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { copyCatalog, type TempCatalog } from "../../transports/catalog.js";
import { rawHttp } from "../../transports/rawHttp.js";

let catalog: TempCatalog;
let host: HttpHost;
let own: string;

beforeAll(async () => {
  catalog = copyCatalog();
  host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir }, { log: () => {} });
  own = host.baseUrl;
});
afterAll(async () => {
  await host?.close();
  catalog?.remove();
});

const overrides = () => path.join(catalog.runDir, "overrides.json");
const json = { "Content-Type": "application/json" };
const force = JSON.stringify({ scenario: "backend-crash" });

describe("writes from other sites are refused, and nothing is written", () => {
  const forged: [string, Record<string, string>, string | undefined, number][] = [
    ["forged Origin, JSON body", { ...json, Origin: "http://evil.example" }, force, 403],
    ["Origin of another local port", { ...json, Origin: "http://127.0.0.1:1" }, force, 403],
    ["Origin 'null' (sandboxed frame, file://)", { ...json, Origin: "null" }, force, 403],
    ["form post: urlencoded", { "Content-Type": "application/x-www-form-urlencoded" }, "scenario=backend-crash", 415],
    ["form post: multipart", { "Content-Type": "multipart/form-data; boundary=x" }, "--x\r\nContent-Disposition: form-data; name=scenario\r\n\r\nbackend-crash\r\n--x--\r\n", 415],
    ["form post: text/plain (what a form's enctype allows)", { "Content-Type": "text/plain" }, force, 415],
    ["no Content-Type at all", {}, force, 415],
    ["foreign Origin with a form type", { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" }, "scenario=backend-crash", 403],
  ];
  it.each(forged)("%s -> %i", async (_label, headers, body, status) => {
    for (const [method, url] of [
      ["PUT", "/_local/overrides/track_ride"],
      ["DELETE", "/_local/overrides/track_ride"],
      ["POST", "/_local/overrides/track_ride"],
    ] as const) {
      const res = await rawHttp(own, { method, path: url, headers, body });
      expect(res.status, `${method} ${url}`).toBe(status);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(fs.existsSync(overrides())).toBe(false);
  });

  it("reads carrying a foreign Origin get 403 too (the journal stays private)", async () => {
    for (const url of ["/_local/calls", "/_local/sessions", "/_local/tools", "/_local/events", "/_local/"]) {
      const res = await rawHttp(own, { path: url, headers: { Origin: "http://evil.example" } });
      expect(res.status, url).toBe(403);
    }
  });

  it("a DNS-rebinding Host gets 403 before anything else", async () => {
    const res = await rawHttp(own, { path: "/_local/calls", headers: { Host: "evil.example" } });
    expect(res.status).toBe(403);
  });

  it("a tunnel's --allowed-host reaches /mcp, never /_local/", async () => {
    const tunnelled = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir, allowedHosts: ["tunnel.example"] }, { log: () => {} });
    try {
      const local = await rawHttp(tunnelled.baseUrl, { path: "/_local/calls", headers: { Host: "tunnel.example" } });
      expect([local.status, JSON.parse(local.body)]).toEqual([403, { error: 'Forbidden: /_local/ answers this machine only, addressed by a loopback name (Host "tunnel.example")' }]);
      const site = await rawHttp(tunnelled.baseUrl, { path: "/health", headers: { Host: "tunnel.example" } });
      expect(site.status).toBe(200);
    } finally {
      await tunnelled.close();
    }
  });

  it("no CORS anywhere under /_local/: a preflight is refused without Access-Control headers", async () => {
    const res = await rawHttp(own, { method: "OPTIONS", path: "/_local/overrides/track_ride", headers: { Origin: own, "Access-Control-Request-Method": "PUT" } });
    expect(res.status).toBe(405);
    expect(Object.keys(res.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    for (const url of ["/_local/", "/_local/calls", "/_local/tools"]) {
      const ok = await rawHttp(own, { path: url });
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    }
  });
});

describe("the page's own writes", () => {
  it("same Origin + JSON: forced in the overrides file, checked as the CLI checks, cleared", async () => {
    const put = await rawHttp(own, { method: "PUT", path: "/_local/overrides/track_ride", headers: { ...json, Origin: own }, body: JSON.stringify({ scenario: "backend-crash", times: 2 }) });
    expect([put.status, JSON.parse(put.body)]).toEqual([200, { tool: "track_ride", scenario: "backend-crash", times: 2 }]);
    expect(JSON.parse(fs.readFileSync(overrides(), "utf8"))).toEqual({ track_ride: { scenario: "backend-crash", times: 2 } });
    const unknown = await rawHttp(own, { method: "PUT", path: "/_local/overrides/track_ride", headers: json, body: JSON.stringify({ scenario: "nope" }) });
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([400, { error: 'unknown scenario "nope" of track_ride; valid scenarios: ride-not-found, upstream-timeout, backend-crash, on-the-way' }]);
    const noTool = await rawHttp(own, { method: "PUT", path: "/_local/overrides/..%2F..%2Fetc", headers: json, body: force });
    expect(noTool.status).toBe(400);
    expect(JSON.parse(noTool.body).error).toMatch(/^unknown tool "\.\.\/\.\.\/etc" in .*; valid tools: offer_search, track_ride$/);
    const del = await rawHttp(own, { method: "DELETE", path: "/_local/overrides/track_ride", headers: { ...json, Origin: own } });
    expect([del.status, JSON.parse(del.body)]).toEqual([200, { tool: "track_ride", cleared: "backend-crash" }]);
    expect(JSON.parse(fs.readFileSync(overrides(), "utf8"))).toEqual({});
  });

  it("bad bodies get 400 with what to send", async () => {
    const cases: [string, string][] = [
      ["{not json", ""],
      ["[]", 'the body must be a JSON object: {"scenario": "<name>", "times": n}'],
      [JSON.stringify({ scenario: "backend-crash", times: 0 }), '"times" must be a whole number of calls, from 1 to 9007199254740991'],
    ];
    for (const [body, error] of cases) {
      const res = await rawHttp(own, { method: "PUT", path: "/_local/overrides/track_ride", headers: json, body });
      expect(res.status, body).toBe(400);
      if (error) expect(JSON.parse(res.body).error).toBe(error);
    }
  });
});

describe("production's routes are unchanged", () => {
  it("/, /health, /favicon.ico, /.well-known/* answer as before; /mcp keeps CORS *", async () => {
    for (const url of ["/", "/health", "/.well-known/oauth-protected-resource"]) {
      expect((await rawHttp(own, { path: url })).status, url).toBe(200);
    }
    expect((await rawHttp(own, { path: "/favicon.ico" })).headers.location).toBe("https://www.careem.com/favicon.ico");
    const mcp = await rawHttp(own, { method: "OPTIONS", path: "/mcp", headers: { Origin: "http://evil.example" } });
    expect(mcp.headers["access-control-allow-origin"]).toBe("*");
  });
});
