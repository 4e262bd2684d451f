// What the page and the commands read: calls, sessions, tools, why, the widget shell, state;
// and the one write that is about state, not forcing: a reset.
import express, { type Request } from "express";
import type { LocalContext } from "./localContext.js";
import { sendLocalError, sendNoSuchSession } from "./localGuard.js";
import { callsView, sessionsView, sharedStateView, stateView, toolsView, widgetView, worldView } from "./views.js";
import { SharedStateStore } from "../../store/sharedState.js";

function query(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function viewRoutes(ctx: LocalContext): express.Router {
  const router = express.Router();

  router.get("/calls", (req, res) => {
    const after = query(req, "after");
    res.json(callsView(ctx, { tool: query(req, "tool"), session: query(req, "session"), after: after === undefined ? undefined : Number(after) }));
  });

  router.get("/sessions", (_req, res) => {
    res.json(sessionsView(ctx));
  });

  // Closing a session its client left open (the SDK's close() and the Inspector's CLI send no
  // DELETE): ended as a DELETE ends it; its client, if still there, gets 404 and starts again.
  router.delete("/sessions/:id", (req, res) => {
    const id = typeof req.params.id === "string" ? req.params.id : "";
    if (!ctx.registry.get(id)) return sendNoSuchSession(res, id, ctx.registry.list().map((s) => s.id));
    // The registry's end hook tells the page's event streams (createLocal.ts).
    void ctx.registry.end(id, "closed from the dashboard").then(() => res.json({ session: id, closed: true }));
  });

  router.get("/tools", async (_req, res) => {
    res.json(await toolsView(ctx));
  });

  router.get("/state", (_req, res) => {
    const state = ctx.engine.state;
    // State in Redis (--store): every replica's users, read from there.
    if (state instanceof SharedStateStore) {
      sharedStateView(state).then(
        (view) => res.json(view),
        (err: unknown) => sendLocalError(res, 502, `reading the state from Redis: ${err instanceof Error ? err.message : String(err)}`),
      );
      return;
    }
    res.json(stateView(ctx));
  });

  router.delete("/state/:key", (req, res) => {
    const key = typeof req.params.key === "string" ? req.params.key : "";
    const state = ctx.engine.state;
    const shared = state instanceof SharedStateStore ? state : undefined;
    void (async () => {
      const known = shared ? await shared.sharedKeys() : state.keys();
      if (!known.includes(key)) return sendLocalError(res, 404, `no state "${key}"; started: ${known.join(", ") || "(none)"}`);
      if (shared) await shared.resetShared(key);
      else state.reset(key);
      ctx.changed("sessions");
      res.json({ key, reset: true });
    })().catch((err: unknown) => sendLocalError(res, 502, `resetting the state in Redis: ${err instanceof Error ? err.message : String(err)}`));
  });

  router.get("/why", (req, res) => {
    const tool = query(req, "tool");
    if (!tool) return sendLocalError(res, 400, "why needs ?tool=<name>&arguments=<json>");
    let args: unknown = {};
    const text = query(req, "arguments");
    if (text !== undefined) {
      try {
        args = JSON.parse(text);
      } catch (err) {
        return sendLocalError(res, 400, `arguments are not JSON: ${(err as Error).message}`);
      }
    }
    const session = query(req, "session");
    if (session !== undefined && !ctx.registry.get(session)) {
      return sendNoSuchSession(res, session, ctx.registry.list().map((s) => s.id));
    }
    res.json(ctx.engine.explain(tool, args, { sessionId: session, transport: "http" }));
  });

  router.get("/world", (_req, res) => {
    res.json(worldView(ctx));
  });

  router.get("/widget", (_req, res) => {
    res.json(widgetView(ctx));
  });

  return router;
}
