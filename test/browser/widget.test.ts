// The dashboard as a widget host, in Chromium against the spawned server: a journal
// call is replayed from --widget-dir into a widget of each kind, which renders the call's output
// and then calls the tool itself through the host, over /mcp, into the journal. The MCP Apps
// widget runs the real @modelcontextprotocol/ext-apps App, so the handshake is the SDK's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFixture } from "../transports/catalog.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { chromiumHint, hasChromium, launchChromium, watchPage } from "./chromium.js";
import { missing } from "../dependencies.js";

const widgets = path.join(projectRoot, "test", "fixtures", "widgets");
const appBundle = path.join(projectRoot, "node_modules", "@modelcontextprotocol", "ext-apps", "dist", "src", "app-with-deps.js");

const kinds = [
  { kind: "mcp-app", radio: "MCP Apps (ui/* messages)", title: "Fixture widget (MCP Apps)" },
  { kind: "openai", radio: "ChatGPT Apps SDK (window.openai)", title: "Fixture widget (window.openai)" },
] as const;

describe.skipIf(missing("Chromium", hasChromium, chromiumHint))("widget host in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(kinds)("$kind widget from --widget-dir", ({ kind, radio, title }) => {
    let server: SpawnedServer;
    let temp: ReturnType<typeof tempCatalog>;
    let widgetDir: string;
    let page: Page;
    let watched: ReturnType<typeof watchPage>;
    let client: Client;

    beforeAll(async () => {
      temp = tempCatalog(catalogFixture, "careem-widget-");
      // The developer's build: the fixture, plus (for MCP Apps) the ext-apps App bundle it imports.
      widgetDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-widget-dir-"));
      fs.cpSync(path.join(widgets, kind), widgetDir, { recursive: true });
      if (kind === "mcp-app") fs.copyFileSync(appBundle, path.join(widgetDir, "assets", "app-with-deps.js"));
      server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--widget-dir", widgetDir] });
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      watched = watchPage(page);
      client = new Client({ name: "widget-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
    }, 60_000);

    afterAll(async () => {
      await client?.close();
      await page?.close();
      await server?.stop();
      temp?.remove();
      if (widgetDir) fs.rmSync(widgetDir, { recursive: true, force: true });
    });

    it("names the local build in the widget resource, and serves it to an opaque origin", async () => {
      const read = await client.readResource({ uri: "ui://careem-mcp-app" });
      const content = read.contents[0] as unknown as { text: string; _meta: { domain: string; ui: { csp: { connectDomains: string[] } } } };
      expect(content._meta.domain).toBe(`${server.baseUrl}/_local/widget-build`);
      expect(content.text).toContain(`<script type="module" src="${server.baseUrl}/_local/widget-build/assets/index.js"></script>`);
      const asset = await fetch(`${server.baseUrl}/_local/widget-build/assets/index.js`, { headers: { Origin: "null" } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get("access-control-allow-origin")).toBe("*");
      expect(await asset.text()).toBe(fs.readFileSync(path.join(widgetDir, "assets", "index.js"), "utf8"));
      expect((await fetch(`${server.baseUrl}/_local/widget-build/assets/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    });

    it("replays a journal call into the widget (input, then result) and relays the widget's own call to the server", async () => {
      await client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" } });
      await page.goto(`${server.baseUrl}/_local/`);
      await page.getByRole("row", { name: "Call 1: track_ride answered by on-the-way, default" }).click();
      // Choosing the kind of host replays the selected call into a fresh frame.
      await page.getByRole("radio", { name: radio }).check();

      const frame = page.frameLocator('iframe[title="Widget preview for the selected call"]');
      // Seen once under load: the frame never rendered within 30 s. The message then carries what
      // the page and the frame logged and which loads failed, and the host's own log.
      await frame
        .getByRole("heading", { name: title })
        .waitFor()
        .catch(async (err: Error) => {
          const hostLog = (await page.locator("#widget-log li").allTextContents().catch(() => ["(unreadable)"])).join("\n");
          throw new Error(`${err.message}\n-- the page saw:\n${watched.seen()}\n-- the host's log:\n${hostLog}`);
        });
      const result = frame.getByRole("region", { name: "Tool result" });
      await result.getByText("Ride status: CAPTAIN_ON_THE_WAY").waitFor();
      expect(await result.textContent()).toContain('"note":"Pickup at <Gate 2> & DIFC"');
      expect(await frame.getByRole("region", { name: "Tool input" }).textContent()).toBe('{"rideId":"ride_1"}');

      // The widget's own call: through the host, over /mcp, into the journal as call 2.
      await frame.getByRole("button", { name: "Call the tool again" }).click();
      await frame.getByText("track_ride answered CAPTAIN_ON_THE_WAY").waitFor();
      await page.getByRole("row", { name: "Call 2: track_ride answered by on-the-way, default" }).waitFor();

      // What went between host and widget, in order.
      await page.getByText("Messages between host and widget").click();
      const log = await page.getByRole("list", { name: "Messages between host and widget" }).innerText();
      const order =
        kind === "mcp-app"
          ? ["widget → host ui/initialize", "widget → host ui/notifications/initialized", "host → widget ui/notifications/tool-input", "host → widget ui/notifications/tool-result", "widget → host tools/call", "host → server tools/call track_ride"]
          : ["host → widget openai:set_globals (toolOutput)", "widget → host window.openai.callTool", "host → server tools/call track_ride"];
      const at = order.map((line) => log.indexOf(line));
      expect(at.every((i) => i >= 0), log).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);

      // The frame: sandboxed, opaque origin, under the resource's CSP naming the local build.
      expect(await page.getByTitle("Widget preview for the selected call").getAttribute("sandbox")).toBe("allow-scripts");
      const csp = await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
      expect(csp).toContain(`connect-src ${server.baseUrl}/_local/widget-build/`);
      expect(csp).toContain("default-src 'none'");
      fs.mkdirSync(path.join(projectRoot, "test-results"), { recursive: true });
      await page.screenshot({ path: path.join(projectRoot, "test-results", `widget-${kind}.png`) });
    }, 60_000);
  });
});
