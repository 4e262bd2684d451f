// The dashboard: plain HTML, one stylesheet and ES modules from `dashboard/`, served by us so
// it works offline. A fixed list of files: nothing from the URL ever becomes a path. The page
// carries a snapshot of what it shows, so its first paint (and a headless screenshot) has data
// without waiting for the event stream.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import { projectRoot } from "../../config.js";
import type { LocalContext } from "./localContext.js";
import { snapshotView } from "./views.js";

const dashboardDir = path.join(projectRoot, "dashboard");

const files: Record<string, string> = {
  "/": "index.html",
  "/app.js": "app.js",
  "/render.js": "render.js",
  "/api.js": "api.js",
  "/callView.js": "callView.js",
  "/sessionsView.js": "sessionsView.js",
  "/widgetHost.js": "widgetHost.js",
  "/widgetDocument.js": "widgetDocument.js",
  "/mcpClient.js": "mcpClient.js",
  "/app.css": "app.css",
  "/toolForm.js": "toolForm.js",
  "/callsFilter.js": "callsFilter.js",
  "/inspectView.js": "inspectView.js",
  "/demoWidget.js": "demoWidget.js",
  "/demo-widget.css": "demo-widget/demo.css",
  // Built by scripts/bundle.mjs (npm run build) from demo-widget/main.js and ext-apps' App.
  "/demo-widget.js": "../dist/demo-widget.js",
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** JSON inside a <script> element: "<" escaped, so no "</script>" in a tool's data can end it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function pageRoutes(ctx: LocalContext): express.Router {
  const router = express.Router();
  for (const [route, file] of Object.entries(files)) {
    // Express 5 hands a rejected handler to the app's error handler (a JSON 500).
    router.get(route, async (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Content-Type-Options", "nosniff");
      // Never framed by another site (clickjacking the one-click forcing buttons).
      res.setHeader("X-Frame-Options", "DENY");
      let body: string | Buffer;
      try {
        body = fs.readFileSync(path.join(dashboardDir, file));
      } catch {
        // Only the built demo widget can be missing: a checkout built before it existed.
        res.status(404).type("text/plain; charset=utf-8").send(`${file} is missing: build it with npm run build (or ./careem-mcp.sh, which builds when sources changed)\n`);
        return;
      }
      if (file === "index.html") body = body.toString("utf8").replace("<!-- snapshot -->", `<script type="application/json" id="snapshot">${scriptJson(await snapshotView(ctx))}</script>`);
      res.type(types[path.extname(file)] ?? "application/octet-stream").send(body);
    });
  }
  return router;
}
