// What the page and the commands read, as plain values: the JSON routes send them, and the
// page's first paint has them inlined (pageRoutes.ts), so it never waits for the event stream.
import { isDefaultScenario } from "../../engine/select.js";
import type { Json } from "../../base/types.js";
import { hasOverride, readOverrides } from "../../overrides/overridesFile.js";
import { readWidgetResource } from "../mcp/widgetResource.js";
import type { SharedStateStore } from "../../store/sharedState.js";
import type { LocalContext } from "./localContext.js";
import { loadNotesRenderer } from "./renderNotes.js";
import { notesOf, parseToolFile } from "../../toolFile/parseToolFile.js";
import type { ToolFile } from "../../base/types.js";
import { readNoFollow } from "../../base/readNoFollow.js";

export function callsView(ctx: LocalContext, filter: { tool?: string; session?: string; after?: number } = {}) {
  return { capacity: ctx.journal.capacity, calls: ctx.journal.list(filter) };
}

/** The state key a session's calls use, when state is per session (per user, a session has none of its own). */
function sessionStateKey(ctx: LocalContext, id: string): string | null {
  return ctx.engine.state.scope === "session" ? `session:${id}` : null;
}

export function sessionsView(ctx: LocalContext) {
  const seen = ctx.journal.sessionsSeen();
  const sessions = ctx.registry.list().map((s) => {
    const stateKey = sessionStateKey(ctx, s.id);
    return {
      id: s.id,
      transport: s.transport,
      client: s.client ?? null,
      forcing: ctx.sessionForcing.of(s.id),
      calls: seen.get(s.id)?.calls ?? 0,
      lastCall: seen.get(s.id)?.lastCall ?? null,
      stateKey,
      // null until the session's first call that reads or writes state starts it.
      state: stateKey === null ? null : (ctx.engine.state.peek(stateKey) ?? null),
    };
  });
  return { stateScope: ctx.engine.state.scope, sessions };
}

export function stateView(ctx: LocalContext) {
  const store = ctx.engine.state;
  const entries = store.keys().map((key) => {
    const state = store.peek(key) as Record<string, Json>;
    return { key, bytes: Buffer.byteLength(JSON.stringify(state), "utf8"), state };
  });
  return { scope: store.scope, limitBytes: store.limitBytes, entries };
}

/** stateView for state in Redis: every replica's contexts, each read from there. */
export async function sharedStateView(store: SharedStateStore) {
  const entries = [];
  for (const key of await store.sharedKeys()) {
    await store.pull(key);
    const state = store.peek(key);
    store.forget(key);
    if (state) entries.push({ key, bytes: Buffer.byteLength(JSON.stringify(state), "utf8"), state });
  }
  return { scope: store.scope, limitBytes: store.limitBytes, shared: true, entries };
}

/** A scenario's blocks as written (the served catalog keeps them compiled only), with their lines. */
type ScenarioBlocks = Partial<Record<"match" | "match-schema" | "when" | "response" | "error" | "then" | "dynamics", { text: string; line: number }>>;

function blocksAsWritten(file: ToolFile): Map<string, ScenarioBlocks> {
  const out = new Map<string, ScenarioBlocks>();
  for (const s of file.scenarios) {
    const blocks: ScenarioBlocks = {};
    if (s.match) blocks.match = { text: JSON.stringify(s.match.value, null, 2), line: s.match.line };
    if (s.matchSchema) blocks["match-schema"] = { text: s.matchSchema.value, line: s.matchSchema.line };
    if (s.when) blocks.when = { text: JSON.stringify(s.when.value), line: s.when.line };
    if (s.response) blocks.response = { text: s.response.value, line: s.response.line };
    if (s.error) blocks.error = { text: s.error.value, line: s.error.line };
    if (s.then) blocks.then = { text: s.then.value, line: s.then.line };
    if (s.dynamics) blocks.dynamics = { text: s.dynamics.value, line: s.dynamics.line };
    out.set(s.name, blocks);
  }
  return out;
}

/** The world's entities as the tool files read them (`$world`), from the engine's snapshot. */
export function worldView(ctx: LocalContext) {
  const snapshot = ctx.engine.world.snapshot();
  return { data: snapshot.data, problems: snapshot.problems.map((p) => `${p.file}:${p.line}: ${p.message}`) };
}

export async function toolsView(ctx: LocalContext) {
  const renderNotes = await loadNotesRenderer();
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
    let written = new Map<string, ScenarioBlocks>();
    try {
      const text = readNoFollow(entry.path);
      notesHtml = renderNotes(notesOf(text));
      written = blocksAsWritten(parseToolFile(entry.path, text));
    } catch {
      notesHtml = ""; // the file changed under us: the next load shows it
    }
    // The default is the first scenario without conditions: the one selection falls back to.
    const fallback = tool.scenarios.find(isDefaultScenario)?.name ?? null;
    const list = domains.get(domain) ?? [];
    list.push({
      name: tool.name,
      description: typeof tool.definition.description === "string" ? tool.definition.description : "",
      notesHtml,
      // The widget host hands the definition to the widget (MCP Apps host context `toolInfo`).
      definition: tool.definition,
      scenarios: tool.scenarios.map((s) => ({
        name: s.name,
        line: s.line,
        match: s.match?.value ?? null,
        conditions: [s.match ? "match" : "", s.state?.schema ? "match-schema" : "", s.state?.when ? "when" : ""].filter(Boolean),
        isDefault: s.name === fallback,
        isError: s.isError,
        // What answers, as the file has it: the page shows each block under its scenario.
        blocks: written.get(s.name) ?? {},
      })),
      forced: hasOverride(overrides, tool.name) ?? null,
    });
    domains.set(domain, list);
  }
  return {
    domains: [...domains.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([domain, tools]) => ({ domain, tools })),
    broken,
  };
}

/** The widget resource as a client reads it, with what a host needs to frame it. */
export function widgetView(ctx: LocalContext) {
  const content = readWidgetResource(ctx.config.widgetDomain).contents[0];
  return {
    uri: content?.uri,
    html: content?.text,
    domain: content?._meta.domain,
    csp: content?._meta.ui.csp,
    // Where the preview's assets come from: the developer's build, or the configured domain.
    widgetDir: ctx.config.widgetDir || null,
  };
}

/** Everything the page draws on first paint. */
export async function snapshotView(ctx: LocalContext) {
  return { tools: await toolsView(ctx), calls: callsView(ctx), sessions: sessionsView(ctx), state: stateView(ctx), widget: widgetView(ctx) };
}
