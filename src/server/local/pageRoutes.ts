// The dashboard: plain HTML, one stylesheet and ES modules from `dashboard/`, served by us so
// it works offline. A fixed list of files: nothing from the URL ever becomes a path.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import { projectRoot } from "../../config.js";

const dashboardDir = path.join(projectRoot, "dashboard");

const files: Record<string, string> = {
  "/": "index.html",
  "/app.js": "app.js",
  "/render.js": "render.js",
  "/api.js": "api.js",
  "/app.css": "app.css",
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export function pageRoutes(): express.Router {
  const router = express.Router();
  for (const [route, file] of Object.entries(files)) {
    router.get(route, (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Content-Type-Options", "nosniff");
      // Never framed by another site (clickjacking the one-click forcing buttons).
      res.setHeader("X-Frame-Options", "DENY");
      res.type(types[path.extname(file)] ?? "application/octet-stream").send(fs.readFileSync(path.join(dashboardDir, file)));
    });
  }
  return router;
}
