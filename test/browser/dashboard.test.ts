// The dashboard in a real browser (issue 14): open the page, force a scenario by clicking, call
// the tool with the SDK client, see the call appear live with its scenario and why, explain it,
// preview the widget with the call's output, clear the forcing, save a screenshot.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFixture } from "../transports/catalog.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { hasChromium, launchChromium } from "./chromium.js";

const screenshots = path.join(projectRoot, "test-results");

describe.skipIf(!hasChromium)("dashboard in Chromium", () => {
  let server: SpawnedServer;
  let temp: ReturnType<typeof tempCatalog>;
  let browser: Browser;
  let page: Page;
  let client: Client;

  beforeAll(async () => {
    temp = tempCatalog(catalogFixture, "careem-browser-");
    server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--widget-domain", "http://127.0.0.1:9"] });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    client = new Client({ name: "dashboard-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await server?.stop();
    temp?.remove();
  });

  const overrides = () => {
    const file = path.join(temp.runDir, "overrides.json");
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as unknown) : {};
  };

  it("force by click, call, see it live with its why, explain, preview the widget, clear", async () => {
    await page.goto(`${server.baseUrl}/_local/`);
    await page.getByRole("status").filter({ hasText: "Live: calls appear as they happen" }).waitFor();
    expect(await page.getByRole("heading", { name: "rides" }).isVisible()).toBe(true);

    // Open the tool: its notes are rendered markdown (a table), its scenarios each have a button.
    await page.locator("summary").filter({ hasText: "track_ride" }).click();
    await page.getByRole("table").filter({ hasText: "upstream-timeout" }).first().waitFor();
    await page.getByRole("button", { name: "Force backend-crash for track_ride" }).click();
    await page.getByRole("status").filter({ hasText: "track_ride: forcing backend-crash" }).waitFor();
    expect(overrides()).toEqual({ track_ride: "backend-crash" });
    // Keyboard users stay on the tool: focus moved to the button that undoes it.
    const clear = page.getByRole("button", { name: "Clear forcing of track_ride" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Clear forcing of track_ride");

    // A call from the SDK client appears by itself (pushed, not polled), with scenario and why.
    await client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" } });
    const forcedRow = page.getByRole("row", { name: "Call 1: track_ride answered by backend-crash, forced (overrides)" });
    await forcedRow.waitFor();
    expect(await forcedRow.textContent()).toContain("forced by the overrides file");

    // Explain it in one click: every scenario top to bottom and the one that answers now.
    await forcedRow.click();
    await page.getByRole("button", { name: "Explain: walk every scenario" }).click();
    const steps = page.getByRole("list", { name: "Scenarios tried, top to bottom" });
    await steps.getByText("Would answer now: backend-crash (forced by the overrides layer)").waitFor();
    expect(await steps.textContent()).toContain('ride-not-found – no: rideId expected "~missing", got "ride_1"');

    // Clear by click: the next call falls to the default, with the closest scenario's diff.
    await clear.click();
    await page.getByRole("status").filter({ hasText: "track_ride: no longer forced" }).waitFor();
    expect(overrides()).toEqual({});
    await client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" } });
    const defaultRow = page.getByRole("row", { name: "Call 2: track_ride answered by on-the-way, default" });
    await defaultRow.waitFor();
    expect(await defaultRow.textContent()).toContain('closest: "ride-not-found" (rideId: expected "~missing", got "ride_1")');

    // The widget preview gets the selected call's structuredContent as window.openai.toolOutput.
    await defaultRow.press("Enter");
    const frame = page.frameLocator('iframe[title="Widget preview for the selected call"]');
    await frame.locator("#root").waitFor({ state: "attached" });
    const toolOutput = await frame.locator("body").evaluate(() => (window as unknown as { openai: { toolOutput: unknown } }).openai.toolOutput);
    expect(toolOutput).toEqual({ success: true, rideId: "ride_1", status: "CAPTAIN_ON_THE_WAY", note: "Pickup at <Gate 2> & DIFC" });
    expect(await page.locator("iframe").getAttribute("sandbox")).toBe("allow-scripts");

    // Sessions: the SDK client's session is listed with its calls.
    await page.getByRole("cell", { name: "2", exact: true }).first().waitFor();

    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, "dashboard.png"), fullPage: true });
  }, 60_000);
});
