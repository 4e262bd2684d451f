// What the page and the commands read: calls, sessions, tools, why, the widget shell.
import fs from "node:fs";
import express, { type Request } from "express";
import { hasOverride, readOverrides } from "../../overrides/overridesFile.js";
import { readWidgetResource } from "../mcp/widgetResource.js";
import type { LocalContext } from "./localContext.js";
import { sendLocalError } from "./localGuard.js";
import { notesOf, renderNotes } from "./renderNotes.js";

function query(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function viewRoutes(ctx: LocalContext): express.Router {
  const router = express.Router();

  router.get("/calls", (req, res) => {
    const after = query(req, "after");
    const filter = { tool: query(req, "tool"), session: query(req, "session"), after: after === undefined ? undefined : Number(after) };
    res.json({ capacity: ctx.journal.capacity, calls: ctx.journal.list(filter) });
  });

  router.get("/sessions", (_req, res) => {
    const seen = ctx.journal.sessionsSeen();
    const sessions = ctx.registry.list().map((s) => ({
      id: s.id,
      transport: s.transport,
      forcing: ctx.sessionForcing.of(s.id),
      calls: seen.get(s.id)?.calls ?? 0,
      lastCall: seen.get(s.id)?.lastCall ?? null,
      // Issue 12 (state) fills this slot; until then a session has no state to show.
      state: null,
    }));
    res.json({ sessions });
  });

  router.get("/tools", (_req, res) => {
    const { overrides } = readOverrides(ctx.config.runDir);
    const domains = new Map<string, unknown[]>();
    const broken: { tool: string; problems: string[] }[] = [];
    for (const entry of ctx.engine.catalog.all()) {
      if (entry.kind === "broken") {
        broken.push({ tool: entry.name, problems: entry.problems.map((p) => `${p.file}:${p.line}: ${p.message}`) });
        continue;
      }
      const tool = entry.result.tool;
      const domain = typeof tool.file.frontMatter.domain === "string" ? tool.file.frontMatter.domain : "other";
      let notesHtml = "";
      try {
        notesHtml = renderNotes(notesOf(fs.readFileSync(entry.path, "utf8")));
      } catch {
        notesHtml = ""; // the file changed under us: the next load shows it
      }
      const list = domains.get(domain) ?? [];
      list.push({
        name: tool.name,
        description: typeof tool.definition.description === "string" ? tool.definition.description : "",
        notesHtml,
        scenarios: tool.scenarios.map((s) => ({ name: s.name, line: s.line, match: s.match?.value ?? null, isError: s.isError })),
        forced: hasOverride(overrides, tool.name) ?? null,
      });
      domains.set(domain, list);
    }
    res.json({
      domains: [...domains.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([domain, tools]) => ({ domain, tools })),
      broken,
    });
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
      const open = ctx.registry.list().map((s) => s.id);
      return sendLocalError(res, 404, `no open session "${session}"; open sessions: ${open.join(", ") || "(none)"} (./careem-mcp.sh sessions lists them)`);
    }
    res.json(ctx.engine.explain(tool, args, { sessionId: session, transport: "http" }));
  });

  router.get("/widget", (_req, res) => {
    const content = readWidgetResource(ctx.config.widgetDomain).contents[0];
    res.json({ uri: content?.uri, html: content?.text, domain: content?._meta.domain });
  });

  return router;
}
