// PUT/DELETE /_local/overrides/<tool> (the overrides file, checked as the CLI checks it) and
// PUT/DELETE /_local/sessions/<id>/overrides/<tool> (one session's forcing, kept in memory).
// Body of a PUT: {"scenario": "<name>", "times": n?}.
import express, { type Request, type Response } from "express";
import { checkScenario } from "../../overrides/checkNames.js";
import { hasOverride, readOverrides, writeOverrides, type Override } from "../../overrides/overridesFile.js";
import type { LocalContext } from "./localContext.js";
import { sendLocalError, sendNoSuchSession } from "./localGuard.js";

function forcingOf(req: Request): Override | string {
  const body: unknown = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return 'the body must be a JSON object: {"scenario": "<name>", "times": n}';
  const { scenario, times } = body as Record<string, unknown>;
  if (typeof scenario !== "string") return '"scenario" must be a scenario name';
  if (times === undefined || times === null) return { scenario };
  if (typeof times !== "number" || !Number.isSafeInteger(times) || times < 1) return `"times" must be a whole number of calls, from 1 to ${Number.MAX_SAFE_INTEGER}`;
  return { scenario, times };
}

function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === "string" ? value : "";
}

export function forcingRoutes(ctx: LocalContext): express.Router {
  const router = express.Router();
  const toolsDir = ctx.config.toolsDir;

  const parsed = (req: Request, res: Response): Override | undefined => {
    const forcing = forcingOf(req);
    if (typeof forcing === "string") return void sendLocalError(res, 400, forcing);
    const refusal = checkScenario(ctx.engine.catalog, toolsDir, param(req, "tool"), forcing.scenario);
    if (refusal) return void sendLocalError(res, 400, refusal);
    return forcing;
  };

  router.get("/overrides", (_req, res) => {
    const { overrides, warning } = readOverrides(ctx.config.runDir);
    res.json(warning ? { overrides, warning } : { overrides });
  });

  router.put("/overrides/:tool", (req, res) => {
    const forcing = parsed(req, res);
    if (!forcing) return;
    const tool = param(req, "tool");
    writeOverrides(ctx.config.runDir, { ...readOverrides(ctx.config.runDir).overrides, [tool]: forcing });
    ctx.changed("overrides");
    res.json({ tool, ...forcing });
  });

  router.delete("/overrides/:tool", (req, res) => {
    const tool = param(req, "tool");
    const { overrides } = readOverrides(ctx.config.runDir);
    const removed = hasOverride(overrides, tool);
    if (removed) {
      writeOverrides(ctx.config.runDir, Object.fromEntries(Object.entries(overrides).filter(([t]) => t !== tool)));
      ctx.changed("overrides");
    }
    res.json({ tool, cleared: removed?.scenario ?? null });
  });

  const session = (req: Request, res: Response): string | undefined => {
    const id = param(req, "id");
    if (ctx.registry.get(id)) return id;
    return void sendNoSuchSession(res, id, ctx.registry.list().map((s) => s.id));
  };

  router.put("/sessions/:id/overrides/:tool", (req, res) => {
    const id = session(req, res);
    if (id === undefined) return;
    const forcing = parsed(req, res);
    if (!forcing) return;
    const tool = param(req, "tool");
    ctx.sessionForcing.set(id, tool, forcing);
    ctx.changed("sessions");
    res.json({ session: id, tool, ...forcing });
  });

  router.delete("/sessions/:id/overrides/:tool", (req, res) => {
    const id = session(req, res);
    if (id === undefined) return;
    const tool = param(req, "tool");
    const removed = ctx.sessionForcing.clear(id, tool);
    if (removed) ctx.changed("sessions");
    res.json({ session: id, tool, cleared: removed?.scenario ?? null });
  });

  return router;
}
