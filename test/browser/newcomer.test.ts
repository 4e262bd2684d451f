// Issue 48 in Chromium, a newcomer's path on the shipped catalog with no network for the widget
// (--widget-domain points at a port nothing listens on): GET / leads to the dashboard; a tool is
// called from the form built from its inputSchema (nested objects through $ref, enums, a date,
// validation as you type, a scenario forced for one call) over the page's own MCP session and
// shows in Live calls; the widget preview says why the production widget did not load and shows
// the demo widget (the real ext-apps App) drawing the result; a scenario's blocks; the world; an
// expression evaluated against a call; the calls filter; sessions that never sent DELETE shown
// with their client's name, folded when idle, and closed; a broken tool file at the top.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { hasChromium, launchChromium, watchPage } from "./chromium.js";

// Screenshots go to test-results/ (untracked); CAREEM_MCP_DOC_IMAGES=1 writes docs/images/'s
// copies instead, to be looked at before they are committed.
const images = process.env.CAREEM_MCP_DOC_IMAGES === "1" ? path.join(projectRoot, "docs", "images") : path.join(projectRoot, "test-results");

describe.skipIf(!hasChromium)("a newcomer's path through the dashboard, offline", () => {
  let server: SpawnedServer;
  let temp: ReturnType<typeof tempCatalog>;
  let browser: Browser;
  let page: Page;
  let watched: ReturnType<typeof watchPage>;
  const clients: Client[] = [];

  const connect = async (name: string) => {
    const client = new Client({ name, version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
    await client.connect(transport);
    clients.push(client);
    return { client, session: transport.sessionId as string };
  };
  const openSessions = async () => ((await (await fetch(`${server.baseUrl}/_local/sessions`)).json()) as { sessions: { id: string; client: string | null }[] }).sessions;

  /** The viewport with `top` just under the sticky header (an element's own screenshot has the header over it). */
  const viewportShot = async (top: ReturnType<Page["getByRole"]>, file: string) => {
    await top.evaluate((node) => window.scrollBy(0, node.getBoundingClientRect().top - 72));
    await page.screenshot({ path: path.join(images, file) });
  };

  beforeAll(async () => {
    fs.mkdirSync(images, { recursive: true });
    temp = tempCatalog(path.join(projectRoot, "tools"), "careem-newcomer-");
    server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--widget-domain", "http://127.0.0.1:9"] });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watched = watchPage(page);
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    temp?.remove();
  });

  it("GET / links to the dashboard", async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("link", { name: "/_local/" }).click();
    await page.getByRole("status").filter({ hasText: "Live: calls appear as they happen" }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/_local/`);
  }, 30_000);

  it("calls a tool from the form built from its inputSchema, validating as you type", async () => {
    await page.locator("summary").filter({ hasText: /^offer_search/ }).click();
    await page.getByLabel("Call offer_search: open the form").click();
    const form = page.getByRole("form", { name: "Call offer_search" });
    // Nothing filled: not sent, and each required field says so.
    await form.getByRole("button", { name: "Call offer_search" }).click();
    await form.getByLabel("Result of calling offer_search").filter({ hasText: /^Not sent: \d+ fields? to mend$/ }).waitFor();
    expect(await form.getByText("origin.code: required").isVisible()).toBe(true);
    // As you type: a code typed and erased is required again; a filled one is fine.
    const code = form.getByLabel("origin.code (required)");
    await code.fill("D");
    expect(await code.getAttribute("aria-invalid")).toBe("false");
    await code.fill("");
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    await code.fill("DXB");
    // The enum ($ref'd location's scheme) is a select of its values.
    await form.getByLabel("origin.scheme (required)").selectOption({ label: '"IATA"' });
    await form.getByLabel("destination.scheme (required)").selectOption({ label: '"IATA"' });
    await form.getByLabel("destination.code (required)").fill("LHR");
    await form.getByLabel("departureDate (required)").fill("2027-01-10");
    await form.getByRole("button", { name: "Call offer_search" }).click();
    await form.getByLabel("Result of calling offer_search").filter({ hasText: "offer_search answered: see Live calls" }).waitFor();
    const row = page.getByRole("row", { name: /^Call 1: offer_search answered by / });
    await row.waitFor();

    // The journal has the arguments exactly as the form built them.
    const { calls } = (await (await fetch(`${server.baseUrl}/_local/calls`)).json()) as { calls: { arguments: unknown; session: string }[] };
    expect(calls[0]?.arguments).toEqual({ origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2027-01-10" });
    // Sent over the page's own MCP session, named as such.
    expect((await openSessions()).find((s) => s.id === calls[0]?.session)?.client).toBe("careem-mcp dashboard 1.0.0");

    // One call forced to a scenario of its own.
    await form.getByLabel("Force a scenario for this call").selectOption("no-offers");
    await form.getByRole("button", { name: "Call offer_search" }).click();
    await page.getByRole("row", { name: "Call 2: offer_search answered by no-offers, forced (call)" }).waitFor();
    await form.getByLabel("Force a scenario for this call").selectOption("");
    await page.screenshot({ path: path.join(images, "dashboard-call-form.png") });
  }, 60_000);

  it("shows why the widget did not load, and the demo widget drawing the result", async () => {
    await page.getByRole("row", { name: /^Call 1: offer_search/ }).click();
    const problem = page.getByRole("alert").filter({ hasText: "The widget resource could not load" });
    await problem.waitFor();
    // The shell's script and stylesheet both fail; whichever the browser reports first is named.
    expect(await problem.innerText()).toMatch(
      /^The widget resource could not load: (script http:\/\/127\.0\.0\.1:9\/assets\/index\.js|link http:\/\/127\.0\.0\.1:9\/assets\/index\.css) did not load\. Showing the demo widget that ships with this project instead \(not production's widget\); serve a local build with --widget-dir DIR, or check that --widget-domain answers\.$/,
    );
    const frame = page.frameLocator('iframe[title="Widget preview for the selected call"]');
    const card = frame.getByRole("article", { name: /^\d+ offers?$/ });
    await card.waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n-- the page saw:\n${watched.seen()}\n-- the host's log:\n${(await page.locator("#widget-log li").allTextContents()).join("\n")}`);
    });
    expect(await card.innerText()).toContain("AED");
    expect(await page.getByRole("radio", { name: "The demo widget (ships with this project)" }).isChecked()).toBe(true);
    // The demo widget is ext-apps' App: the handshake went through the SDK.
    await page.getByText("Messages between host and widget").click();
    const log = await page.getByRole("list", { name: "Messages between host and widget" }).innerText();
    expect(log).toContain("widget → host ui/initialize");
    expect(log).toContain("host → widget ui/notifications/tool-result");
    await viewportShot(page.getByRole("heading", { name: "Widget preview" }), "widget-demo-offline.png");
  }, 60_000);

  it("shows what each scenario matches and answers", async () => {
    await page.getByLabel("What no-offers matches and answers", { exact: true }).click();
    const response = page.getByLabel("json response of no-offers", { exact: true });
    await response.waitFor();
    expect(await page.getByLabel("json match of no-offers", { exact: true }).innerText()).toContain('"destination"');
    expect(await response.innerText()).toContain('"offers"');
  });

  it("shows the world, and evaluates an expression against a call and the state", async () => {
    await page.locator("summary").filter({ hasText: "The world's entities ($world)" }).click();
    await page.locator(".world-keys details").first().waitFor();
    expect(await page.locator(".world-keys summary").count()).toBeGreaterThan(2);

    const box = page.getByRole("form", { name: "Evaluate an expression" });
    expect(await box.getByText(/^Against call 1 \(offer_search\)/).isVisible()).toBe(true);
    const expression = box.getByLabel("Expression: a json when condition or a {{= }} placeholder");
    await expression.fill("{{= $args.origin.code & '-' & $args.destination.code }}");
    await box.getByRole("button", { name: "Evaluate" }).click();
    await box.getByLabel("Value").filter({ hasText: '"DXB-LHR"' }).waitFor();
    // A json when block pasted as written (a JSON string), with the state.
    await expression.fill(`"$args.departureDate = '2027-01-10' and $exists($state) "`);
    await box.getByRole("button", { name: "Evaluate" }).click();
    await box.getByLabel("Value").filter({ hasText: /^true$/ }).waitFor();
    // A mistake is said, not swallowed.
    await expression.fill("$args.(");
    await box.getByRole("button", { name: "Evaluate" }).click();
    await box.getByRole("alert").waitFor();
    await viewportShot(page.getByRole("heading", { name: "World and expressions" }), "dashboard-world-expression.png");
  }, 30_000);

  it("filters Live calls by tool, scenario, session and text", async () => {
    const { client } = await connect("filter-client");
    await client.callTool({ name: "get_payment_methods", arguments: {} });
    await page.getByRole("row", { name: /^Call 3: get_payment_methods/ }).waitFor();
    const filter = page.getByRole("form", { name: "Filter the calls" });
    await filter.getByLabel("Tool").selectOption("offer_search");
    expect(await page.getByRole("row", { name: /^Call 3: get_payment_methods/ }).isHidden()).toBe(true);
    expect(await page.locator("#calls-shown").innerText()).toBe("2 of 3 calls shown");
    await filter.getByLabel("Scenario").fill("no-off");
    expect(await page.locator("#calls-shown").innerText()).toBe("1 of 3 calls shown");
    await filter.getByLabel("Tool").selectOption("");
    await filter.getByLabel("Scenario").fill("");
    await filter.getByLabel("Text").fill("DXB");
    expect(await page.locator("#calls-shown").innerText()).toBe("2 of 3 calls shown");
    await filter.getByLabel("Text").fill("");
    // New calls are filtered as they come.
    await filter.getByLabel("Tool").selectOption("offer_search");
    await client.callTool({ name: "get_wallet_balance", arguments: {} });
    await expect.poll(() => page.locator("#calls-shown").innerText()).toBe("2 of 4 calls shown");
    await filter.getByLabel("Tool").selectOption("");
  }, 30_000);

  it("shows each session's client, folds the idle ones and closes them", async () => {
    for (let i = 0; i < 3; i++) await connect("left-open");
    await page.reload();
    const toggle = page.getByRole("button", { name: "Show 3 idle sessions (no call in the last 5 minutes)" });
    await toggle.waitFor();
    // Folded: only sessions with recent calls are rows of their own.
    expect(await page.getByRole("cell", { name: "left-open 1.0.0" }).count()).toBe(0);
    expect(await page.getByRole("cell", { name: "filter-client 1.0.0" }).isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => page.getByRole("cell", { name: "left-open 1.0.0" }).count()).toBe(3);
    await page.locator("section").filter({ has: page.getByRole("heading", { name: "Sessions" }) }).screenshot({ path: path.join(images, "dashboard-idle-sessions.png") });
    await page.getByRole("button", { name: "Close the 3 idle" }).click();
    await page.getByRole("status").filter({ hasText: "3 sessions closed" }).waitFor();
    expect((await openSessions()).filter((s) => s.client === "left-open 1.0.0")).toEqual([]);
    // One by one, too: the server ends it as a DELETE would.
    const { session } = await connect("closed-by-hand");
    await client0Call(session);
    await page.getByRole("button", { name: `Close session ${session}` }).click();
    await page.getByRole("status").filter({ hasText: `Session ${session.slice(0, 8)}… closed` }).waitFor();
    expect((await openSessions()).map((s) => s.id)).not.toContain(session);
  }, 60_000);

  /** A call on the newest client's session, so its row is an active one. */
  const client0Call = async (session: string) => {
    await clients.at(-1)?.callTool({ name: "get_wallet_balance", arguments: {} });
    await page.getByRole("row", { name: `Session ${session}` }).waitFor();
  };

  it("puts a broken tool file at the top of the page", async () => {
    fs.writeFileSync(path.join(temp.toolsDir, "rides", "tip_captain.md"), "---\ntool: tip_captain\ndomain: rides\n---\n\n# tip_captain\n\n## Scenario: ok\n\n```json response\n{ \"ok\": true \n```\n");
    await expect.poll(async () => ((await (await fetch(`${server.baseUrl}/_local/tools`)).json()) as { broken: unknown[] }).broken.length, { timeout: 10_000 }).toBe(1);
    await page.reload();
    const alert = page.getByRole("region", { name: "Broken tool files" }).getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^tip_captain is broken and not served: .*tip_captain\.md:\d+: /);
    expect(await alert.isVisible()).toBe(true);
    const box = await alert.boundingBox();
    expect(box && box.y < 200).toBe(true);
  }, 30_000);
});
