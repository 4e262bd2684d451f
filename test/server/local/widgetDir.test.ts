// --widget-dir: only the folder's own files, readable by the preview's opaque origin,
// still loopback-only; the page's inlined snapshot cannot end its <script>; and --stdio refuses
// the option, since nothing would serve the files the resource names.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { scriptJson } from "../../../src/server/local/pageRoutes.js";
import { widgetFile } from "../../../src/server/local/widget/widgetDirRoute.js";
import { runCliInProcess } from "../../cli/runCliInProcess.js";
import { copyCatalog, type TempCatalog } from "../../transports/catalog.js";
import { rawHttp } from "../../transports/rawHttp.js";

let root: string;
let widgetDir: string;
let catalog: TempCatalog;
let host: HttpHost;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-widget-dir-"));
  widgetDir = path.join(root, "dist");
  fs.mkdirSync(path.join(widgetDir, "assets"), { recursive: true });
  fs.writeFileSync(path.join(widgetDir, "index.html"), "<p>index</p>");
  fs.writeFileSync(path.join(widgetDir, "assets", "index.js"), "export {};\n");
  fs.writeFileSync(path.join(widgetDir, ".env"), "SECRET=1");
  fs.writeFileSync(path.join(root, "outside.txt"), "outside");
  fs.symlinkSync(path.join(root, "outside.txt"), path.join(widgetDir, "link.txt"));
  catalog = copyCatalog();
  host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir, widgetDir }, { log: () => {} });
});
afterAll(async () => {
  await host?.close();
  catalog?.remove();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("widgetFile", () => {
  it.each([
    ["/", "index.html"],
    ["/assets/index.js", "assets/index.js"],
  ])("%s is %s", (url, file) => {
    expect(widgetFile(widgetDir, url)).toEqual({ file: fs.realpathSync(path.join(widgetDir, file)) });
  });

  it.each([
    ["/.env", 404],
    ["/assets/../../outside.txt", 404],
    ["/%2e%2e/outside.txt", 404],
    ["/link.txt", 404],
    ["/assets", 404],
    ["/missing.js", 404],
    ["/%E0%A4%A", 400],
  ])("%s is refused with %i", (url, status) => {
    expect(widgetFile(widgetDir, url)).toMatchObject({ status });
  });
});

describe("GET /_local/widget-build/", () => {
  it("serves the build to Origin: null, uncached, and the resource names it", async () => {
    const res = await rawHttp(host.baseUrl, { path: "/_local/widget-build/assets/index.js", headers: { Origin: "null" } });
    expect(res.status).toBe(200);
    expect(res.body).toBe("export {};\n");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const widget = JSON.parse((await rawHttp(host.baseUrl, { path: "/_local/widget" })).body) as { domain: string; csp: { resourceDomains: string[] } };
    expect(widget.domain).toBe(`${host.baseUrl}/_local/widget-build`);
    expect(widget.csp.resourceDomains[0]).toBe(`${host.baseUrl}/_local/widget-build`);
  });

  it("answers a loopback name only, and reads nothing", async () => {
    const res = await rawHttp(host.baseUrl, { path: "/_local/widget-build/assets/index.js", headers: { Host: "evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain("export");
  });

  it("takes GET and HEAD only", async () => {
    expect((await rawHttp(host.baseUrl, { path: "/_local/widget-build/assets/index.js", method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(405);
  });
});

describe("the page's snapshot", () => {
  it("cannot close its script element, whatever a tool's data holds", () => {
    const text = scriptJson({ note: "</script><script>alert(1)</script>", line: "\u2028" });
    expect(text).not.toContain("</");
    expect(JSON.parse(text)).toEqual({ note: "</script><script>alert(1)</script>", line: "\u2028" });
  });

  it("is inlined in the page", async () => {
    const page = await rawHttp(host.baseUrl, { path: "/_local/" });
    const json = /<script type="application\/json" id="snapshot">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(Object.keys(JSON.parse(json as string) as object)).toEqual(["tools", "calls", "sessions", "state", "widget"]);
  });
});

describe("--widget-dir with --stdio", () => {
  it("is refused: nothing would serve the files", async () => {
    const run = await runCliInProcess("--stdio", "--widget-dir", widgetDir, "--tools", catalog.dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("careem-mcp: --widget-dir needs the HTTP server (the widget's files are served under /_local/widget-build/); drop --stdio\n");
  });
});
