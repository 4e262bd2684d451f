// /_local/runs: isolated worlds for grading an agent (docs/testing-agents.md). POST makes one,
// GET reads its calls and diff, POST .../verify checks expectations against it, DELETE ends it.
import { randomUUID } from "node:crypto";
import express, { type Request, type Response } from "express";
import { checkScenario } from "../../overrides/checkNames.js";
import { ExpectationsError, parseExpectations } from "../../runs/expectations.js";
import { RunLimitError } from "../../runs/runBook.js";
import { makeRun } from "../../runs/runSetup.js";
import { noSuchRun, readRun, reportOf, verifyRun } from "../../runs/runReport.js";
import type { LocalContext } from "./localContext.js";
import { sendLocalError } from "./localGuard.js";
import { parseDuration } from "../../clock/clockFile.js";

export function runRoutes(ctx: LocalContext): express.Router {
  const router = express.Router();
  const { engine, runs } = ctx;
  const collections = () => ctx.diffDescription.read().collections;
  const id = (req: Request) => (typeof req.params.id === "string" ? req.params.id : "");

  router.post("/runs", async (req: Request, res: Response) => {
    const made = makeRun(req.body, {
      now: Date.now,
      newId: () => `run_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
      initialState: (atMs) => engine.initialStateAt(atMs),
      checkScenario: (tool, scenario) => checkScenario(engine.catalog, ctx.config.toolsDir, tool, scenario),
      injectionIds: () => engine.injections.all().map((i) => i.id),
    });
    if ("error" in made) return void sendLocalError(res, 400, made.error);
    try {
      await runs.create(made);
    } catch (err) {
      if (err instanceof RunLimitError) return void sendLocalError(res, 429, err.message);
      throw err;
    }
    res.status(201).json({ run: made.settings.id });
  });

  router.get("/runs", async (_req, res) => {
    res.json({ runs: await runs.list() });
  });

  router.get("/runs/:id", async (req, res) => {
    const read = await readRun(runs, id(req), collections());
    if (!read) return void sendLocalError(res, 404, noSuchRun(id(req), runs.limits.idleMs));
    res.json(reportOf(read));
  });

  router.post("/runs/:id/verify", async (req, res) => {
    let expectations;
    try {
      expectations = parseExpectations(req.body, "the expectations");
    } catch (err) {
      if (err instanceof ExpectationsError) return void sendLocalError(res, 400, err.message);
      throw err;
    }
    const read = await readRun(runs, id(req), collections());
    if (!read) return void sendLocalError(res, 404, noSuchRun(id(req), runs.limits.idleMs));
    res.json(verifyRun(read, expectations));
  });

  // The run's clock, moved as `./careem-mcp.sh clock` moves the server's: {"advance": "+25m"} or {"set": "<instant>"}.
  router.post("/runs/:id/clock", async (req, res) => {
    const record = await runs.get(id(req));
    if (!record) return void sendLocalError(res, 404, noSuchRun(id(req), runs.limits.idleMs));
    const body: unknown = req.body;
    const { advance, set } = (typeof body === "object" && body !== null ? body : {}) as { advance?: unknown; set?: unknown };
    const by = typeof advance === "string" ? parseDuration(advance) : undefined;
    const at = typeof set === "string" && /^\d{4}-\d\d-\d\dT/.test(set) ? Date.parse(set) : NaN;
    let offsetMs: number;
    if (by !== undefined && set === undefined) offsetMs = record.settings.clockOffsetMs + by;
    else if (!Number.isNaN(at) && advance === undefined) offsetMs = at - Date.now();
    else return void sendLocalError(res, 400, 'the body is {"advance": "+25m"} (s, m, h, d; "1h30m", "-2d") or {"set": "2026-12-08T09:00:00Z"}');
    await runs.setClock(id(req), offsetMs);
    res.json({ run: id(req), now: new Date(Date.now() + offsetMs).toISOString() });
  });

  router.delete("/runs/:id", async (req, res) => {
    if (!(await runs.end(id(req)))) return void sendLocalError(res, 404, noSuchRun(id(req), runs.limits.idleMs));
    res.json({ run: id(req), ended: true });
  });

  return router;
}
