// Everything under /_local/: local-only, loopback-only, never part of production's surface.
import express, { type NextFunction, type Request, type Response } from "express";
import { evaluateRoute } from "./evaluateRoute.js";
import { eventsRoute } from "./eventsRoute.js";
import { forcingRoutes } from "./forcingRoutes.js";
import type { LocalContext } from "./localContext.js";
import { localGuard, sendLocalError } from "./localGuard.js";
import { pageRoutes } from "./pageRoutes.js";
import { runRoutes } from "./runRoutes.js";
import { viewRoutes } from "./viewRoutes.js";
import { widgetDirRoute } from "./widget/widgetDirRoute.js";

export const localPrefix = "/_local";

export function localRoutes(ctx: LocalContext): express.Router {
  const router = express.Router({ strict: true });
  // `/_local` without its slash would resolve the page's modules against `/`.
  router.use((req: Request, res: Response, next: NextFunction) => (req.originalUrl === localPrefix ? res.redirect(308, `${localPrefix}/`) : next()));
  // The widget build's files are read by a sandboxed frame (Origin: null): before the Origin check, with a loopback check of their own.
  if (ctx.config.widgetDir) router.use("/widget-build", widgetDirRoute(ctx.config.widgetDir));
  router.use(localGuard);
  router.use(express.json({ limit: "64kb", type: "application/json" }));
  router.get("/events", eventsRoute(ctx));
  router.post("/evaluate", evaluateRoute(ctx));
  router.use(viewRoutes(ctx));
  router.use(forcingRoutes(ctx));
  router.use(runRoutes(ctx));
  router.use(pageRoutes(ctx));
  router.use((req: Request, res: Response) => sendLocalError(res, 404, `Not found: ${req.method} ${localPrefix}${req.path}`));
  router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = typeof (err as { status?: unknown }).status === "number" ? (err as { status: number }).status : 500;
    sendLocalError(res, status, status < 500 && err instanceof Error ? err.message : "Internal error");
  });
  return router;
}
