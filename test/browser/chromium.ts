// Debian's Chromium for the browser tests, when this machine has it (`apt-get install chromium`).
import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const chromiumPath = process.env.CAREEM_MCP_CHROMIUM ?? "/usr/bin/chromium";
export const hasChromium = fs.existsSync(chromiumPath);

/** What to do when there is none (a suite that needs it says so, and fails in CI: ../dependencies.ts). */
export const chromiumHint = `no Chromium at ${chromiumPath} (apt-get install chromium, or set CAREEM_MCP_CHROMIUM)`;

export function launchChromium(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile (its own --user-data-dir). Without
  // the background-networking flags Chromium keeps calling home and floods a closed network.
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * What a page (and its frames) logged, threw and failed to load, for the message of a wait that
 * timed out: a widget frame that never renders says nothing else. Only adds to the message.
 */
export function watchPage(page: Page): { seen(): string } {
  const lines: string[] = [];
  page.on("console", (m) => lines.push(`console.${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => lines.push(`uncaught: ${e.message}`));
  page.on("requestfailed", (r) => lines.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? "?"})`));
  return { seen: () => (lines.length > 0 ? lines.slice(-40).join("\n") : "(nothing logged, thrown or failed)") };
}
