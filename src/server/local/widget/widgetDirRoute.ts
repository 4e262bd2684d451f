// GET /_local/widget-build/<path>: the files of --widget-dir (a developer's widget build), so the
// widget resource can name this server and the preview works offline and never from a cache.
// The widget runs in a sandboxed frame with an opaque origin: its module scripts are fetched
// in CORS mode with `Origin: null`, so these files (and only these) are readable by any origin
// and skip the Origin check of the rest of /_local/. They stay loopback-only.
import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { loopbackOnly, sendLocalError } from "../localGuard.js";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
};

/** The file under `root` a URL path names, or why not: no dot segments, no hidden names, no links out. */
export function widgetFile(root: string, urlPath: string): { file: string } | { status: number; error: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { status: 400, error: "the path is not valid percent-encoding" };
  }
  const segments = decoded.split("/").filter((s) => s !== "");
  if (segments.some((s) => s.startsWith(".") || s.includes("\\") || s.includes("\0"))) return { status: 404, error: `Not found: ${urlPath} (hidden names and dot segments are never served)` };
  const file = path.join(root, ...(segments.length === 0 ? ["index.html"] : segments));
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return { status: 404, error: `Not found: ${urlPath} in the widget directory` };
  }
  // A symbolic link may point anywhere: serve only what really lies inside the directory.
  const realRoot = fs.realpathSync(root);
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return { status: 404, error: `Not found: ${urlPath} (outside the widget directory)` };
  if (!fs.statSync(real).isFile()) return { status: 404, error: `Not found: ${urlPath} is not a file` };
  return { file: real };
}

export function widgetDirRoute(root: string) {
  return (req: Request, res: Response): void => {
    if (!loopbackOnly(req, res)) return;
    if (req.method !== "GET" && req.method !== "HEAD") return sendLocalError(res, 405, `Method ${req.method} not allowed on the widget's files`);
    const found = widgetFile(root, req.path);
    if ("error" in found) return sendLocalError(res, found.status, found.error);
    res.setHeader("Access-Control-Allow-Origin", "*");
    // The widget's own build, rebuilt while the page is open: never from a cache.
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.type(types[path.extname(found.file).toLowerCase()] ?? "application/octet-stream").send(fs.readFileSync(found.file));
  };
}
