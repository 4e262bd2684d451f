// The dashboard in a real browser (issues 14 and 24): open the page, force a scenario by
// clicking, call the tool with the SDK client, see the call appear live with its scenario and
// why, explain it, clear the forcing; the default label, a session's live state and its reset,
// long outputs folded, and a first paint that does not wait for the event stream. The widget
// host has its own file (widget.test.ts).
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFixture, fixturesDir } from "../transports/catalog.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { chromiumHint, hasChromium, launchChromium } from "./chromium.js";
import { missing } from "../dependencies.js";

const screenshots = path.join(projectRoot, "test-results");

describe.skipIf(missing("Chromium", hasChromium, chromiumHint))("dashboard in Chromium", () => {
  let server: SpawnedServer;
  let temp: ReturnType<typeof tempCatalog>;
  let browser: Browser;
  let page: Page;
  let client: Client;

  beforeAll(async () => {
    temp = tempCatalog([catalogFixture, path.join(fixturesDir, "dashboard", "tools")], "careem-browser-");
    server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--widget-domain", "http://127.0.0.1:9", "--state-scope", "session"] });
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

  it("force by click, call, see it live with its why, explain, clear", async () => {
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

    // Sessions: the SDK client's session is listed with its calls.
    await page.getByRole("cell", { name: "2", exact: true }).first().waitFor();

    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, "dashboard.png"), fullPage: true });
  }, 60_000);

  it("labels as default only the scenario without match, match-schema or when", async () => {
    await page.goto(`${server.baseUrl}/_local/`);
    await page.locator("summary").filter({ hasText: "save_note" }).click();
    const scenarios = page.getByRole("list", { name: "Scenarios of save_note" });
    await scenarios.waitFor();
    expect(await scenarios.getByRole("listitem").filter({ hasText: "already-saved" }).innerText()).not.toContain("default");
    expect(await scenarios.getByRole("listitem").filter({ hasText: "already-saved" }).innerText()).toContain("when");
    expect(await scenarios.getByRole("listitem").filter({ hasText: /^saved/ }).innerText()).toContain("default");
    await page.locator("summary").filter({ hasText: "track_ride" }).click();
    const ride = page.getByRole("list", { name: "Scenarios of track_ride" });
    const defaults = await ride.getByRole("listitem").filter({ hasText: "default" }).allInnerTexts();
    expect(defaults.map((t) => t.split(/\s/)[0])).toEqual(["on-the-way"]);
  });

  it("shows a session's state live, and resets it", async () => {
    await page.goto(`${server.baseUrl}/_local/`);
    const session = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    const row = page.getByRole("row", { name: `Session ${session}` });
    await row.waitFor();
    await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "buy milk" } });
    // Pushed: the state appears without a reload.
    await row.getByText('"n1": "buy milk"').waitFor();
    const again = await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "buy milk" } });
    expect(again.structuredContent).toEqual({ saved: false, noteId: "n1", reason: "ALREADY_SAVED" });

    await row.getByRole("button", { name: `Reset state of session ${session}` }).click();
    await page.getByRole("status").filter({ hasText: "reset: its next call starts from the persona's world" }).waitFor();
    await row.getByText("not started: no call has used state yet").waitFor();
    const fresh = await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "buy milk" } });
    expect(fresh.structuredContent).toEqual({ saved: true, noteId: "n1" });
  });

  it("folds a long output and keeps a short one open", async () => {
    await client.callTool({ name: "offer_search", arguments: { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2099-01-01" } });
    await page.goto(`${server.baseUrl}/_local/`);
    await page.getByRole("row", { name: /offer_search answered by one-offer/ }).click();
    // 12 lines of JSON (over 10): folded, its size in the summary, open on a click.
    const output = page.getByRole("group").filter({ hasText: "Output (structuredContent)" });
    expect(await output.locator("summary").innerText()).toBe("Output (structuredContent) 1 key · 12 lines · 163 B");
    expect(await output.getByLabel("Output (structuredContent)").isVisible()).toBe(false);
    await output.locator("summary").click();
    await output.getByLabel("Output (structuredContent)").waitFor({ state: "visible" });
    // A short output (6 lines) is shown open.
    await page.getByRole("row", { name: /^Call 2: track_ride/ }).click();
    expect(await output.locator("summary").innerText()).toBe("Output (structuredContent) 4 keys · 6 lines · 116 B");
    expect(await output.getByLabel("Output (structuredContent)").isVisible()).toBe(true);
  });

  it("paints the journal before the event stream opens", async () => {
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The live feed never answers: whatever shows came with the page itself.
    await fresh.route("**/_local/events", () => undefined);
    await fresh.goto(`${server.baseUrl}/_local/`, { waitUntil: "load" });
    await fresh.getByRole("row", { name: /^Call 1: track_ride answered by backend-crash/ }).waitFor({ timeout: 15_000 });
    expect(await fresh.getByRole("status").innerText()).toMatch(/^Snapshot of \d\d:\d\d:\d\d; connecting for live calls…$/);
    await fresh.close();
  });
});

describe.skipIf(missing("Chromium", hasChromium, chromiumHint))("dashboard in Chromium, state kept per user", () => {
  let server: SpawnedServer;
  let temp: ReturnType<typeof tempCatalog>;
  let browser: Browser;
  let client: Client;

  beforeAll(async () => {
    temp = tempCatalog(path.join(fixturesDir, "dashboard", "tools"), "careem-browser-user-");
    server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--state-scope", "user"] });
    browser = await launchChromium();
    client = new Client({ name: "dashboard-user-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await server?.stop();
    temp?.remove();
  });

  it("lists the user's state and resets it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.baseUrl}/_local/`);
    await page.getByRole("cell", { name: "No state yet (kept per user): it starts with the first call that reads or writes it" }).waitFor();
    await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "call the captain" } });
    const row = page.getByRole("row", { name: "State user:900000001" });
    await row.getByText('"n1": "call the captain"').waitFor();
    const session = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    expect(await page.getByRole("row", { name: `Session ${session}` }).innerText()).toContain("kept per user: see State below");
    await row.getByRole("button", { name: "Reset state user:900000001" }).click();
    await page.getByRole("status").filter({ hasText: "State user:900000001 reset" }).waitFor();
    await row.waitFor({ state: "detached" });
    const fresh = await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "call the captain" } });
    expect(fresh.structuredContent).toEqual({ saved: true, noteId: "n1" });
    await page.close();
  });
});
