// `sessions`, `calls [--follow]`, `why`, and `scenario --session`: thin commands over the
// running server's /_local/ API (and, for `why` without a session, over the files directly).
import path from "node:path";
import { Engine } from "../engine/engine.js";
import type { WhyReport } from "../engine/why.js";
import type { JournalEntry } from "../journal/journal.js";
import { OverridesReader } from "../overrides/overridesFile.js";
import { formatCall } from "./formatCall.js";
import { formatWhy } from "./formatWhy.js";
import { localRequest, localUrl, type ServerAddress } from "./localClient.js";

type Out = NodeJS.WritableStream;

interface SessionView {
  id: string;
  transport: string;
  /** The client's name from its initialize (`clientInfo.name`), when it sent one. */
  client?: string | null;
  calls: number;
  lastCall: string | null;
  forcing: Record<string, { scenario: string; times?: number }>;
}

export async function sessionsCommand(at: ServerAddress, opts: { json: boolean }, out: Out): Promise<number> {
  const view = await localRequest<{ sessions: SessionView[] }>(at, "GET", "/sessions");
  if (opts.json) {
    out.write(`${JSON.stringify(view, null, 2)}\n`);
    return 0;
  }
  const { sessions } = view;
  if (sessions.length === 0) out.write("no open sessions\n");
  for (const s of sessions) {
    const forcing = Object.entries(s.forcing).map(([tool, f]) => `${tool}->${f.scenario}${f.times ? `(${f.times} left)` : ""}`);
    const client = s.client ? ` client=${JSON.stringify(s.client)}` : "";
    out.write(`${s.id} ${s.transport}${client} calls=${s.calls} last=${s.lastCall ?? "-"}${forcing.length ? ` forcing=${forcing.join(",")}` : ""}\n`);
  }
  return 0;
}

export async function callsCommand(at: ServerAddress, opts: { tool?: string; session?: string; follow: boolean; json: boolean }, out: Out): Promise<number> {
  const query = new URLSearchParams();
  if (opts.tool) query.set("tool", opts.tool);
  if (opts.session) query.set("session", opts.session);
  const print = (call: JournalEntry) => out.write(opts.json ? `${JSON.stringify(call)}\n` : `${formatCall(call)}\n`);
  // Following: listen first, then read the journal, so no call falls between the two.
  // (A server that is not there is explained by the journal request's error.)
  const response = opts.follow ? await fetch(localUrl(at, "/events")).catch(() => undefined) : undefined;
  const { calls } = await localRequest<{ calls: JournalEntry[] }>(at, "GET", `/calls?${query}`);
  for (const call of calls) print(call);
  if (!opts.follow) return 0;
  if (!response) throw new Error(`cannot follow ${localUrl(at, "/events")}: the server stopped answering`);
  if (!response.ok || !response.body) throw new Error(`cannot follow ${localUrl(at, "/events")}: HTTP ${response.status}`);
  const seen = calls.at(-1)?.id ?? 0;
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!event.startsWith("event: call\n")) continue;
      const call = JSON.parse(event.slice(event.indexOf("data: ") + 6)) as JournalEntry;
      if (opts.tool && call.tool !== opts.tool) continue;
      if (opts.session && call.session !== opts.session) continue;
      if (call.id > seen) print(call);
    }
  }
  return 0;
}

export async function whyCommand(
  tool: string,
  argsText: string | undefined,
  opts: { session?: string; files?: boolean; toolsDir: string; runDir: string; json: boolean; at: ServerAddress },
  out: Out,
  err: Out,
): Promise<number> {
  let args: unknown = {};
  if (argsText !== undefined) {
    try {
      args = JSON.parse(argsText);
    } catch (e) {
      err.write(`why: the arguments are not JSON: ${(e as Error).message} (quote them: why ${tool} '{"rideId": "ride_1"}')\n`);
      return 1;
    }
  }
  let report: WhyReport;
  // The running server holds what decides a real call besides the files: the state (a ride just
  // booked), session forcing and the clock. Ask it whenever one is found or named.
  const askServer = !opts.files && (opts.session !== undefined || opts.at.found !== "default");
  if (askServer) {
    const query = new URLSearchParams({ tool, arguments: JSON.stringify(args), ...(opts.session ? { session: opts.session } : {}) });
    report = await localRequest<WhyReport>(opts.at, "GET", `/why?${query}`);
    // On stderr: stdout stays the report (and --json stays JSON).
    err.write(`why: asked the server at http://${opts.at.host.includes(":") ? `[${opts.at.host}]` : opts.at.host}:${opts.at.port} (${opts.at.found === "given" ? "--port/--host" : opts.at.found}): its state${opts.session ? `, session ${opts.session}'s forcing` : ""} and the overrides file count\n`);
  } else {
    if (!opts.files) err.write(`why: from the files only, against the persona's initial state (${opts.at.notFound ?? "no server found"}; a running server's state would count: pass --run-dir or --port)\n`);
    // The files alone decide: the catalog and the overrides file, read as the server reads them.
    const engine = new Engine({ toolsDir: path.resolve(opts.toolsDir), forced: new OverridesReader(path.resolve(opts.runDir)) });
    report = engine.explain(tool, args);
  }
  out.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatWhy(report, args));
  return report.error ? 1 : 0;
}

export async function sessionScenarioCommand(
  at: ServerAddress,
  o: { session: string; tool?: string; scenario?: string; clear: boolean; times?: number },
  out: Out,
): Promise<number> {
  const base = `/sessions/${encodeURIComponent(o.session)}/overrides/${encodeURIComponent(o.tool ?? "")}`;
  if (!o.tool) {
    const { sessions } = await localRequest<{ sessions: SessionView[] }>(at, "GET", "/sessions");
    const s = sessions.find((x) => x.id === o.session);
    if (!s) throw new Error(`no open session "${o.session}" (./careem-mcp.sh sessions lists them)`);
    const entries = Object.entries(s.forcing);
    if (entries.length === 0) out.write(`session ${o.session}: nothing forced\n`);
    for (const [tool, f] of entries) out.write(`${tool} -> ${f.scenario}${f.times ? ` for ${f.times} more call${f.times === 1 ? "" : "s"}` : ""}\n`);
    return 0;
  }
  if (o.clear) {
    const r = await localRequest<{ cleared: string | null }>(at, "DELETE", base);
    out.write(r.cleared ? `${o.tool}: no longer forced for session ${o.session} (was ${r.cleared})\n` : `${o.tool}: nothing forced for session ${o.session}\n`);
    return 0;
  }
  if (!o.scenario) throw new Error("scenario --session needs <tool> <scenario>, or <tool> --clear");
  await localRequest(at, "PUT", base, o.times === undefined ? { scenario: o.scenario } : { scenario: o.scenario, times: o.times });
  const count = o.times === undefined ? "" : ` for ${o.times} call${o.times === 1 ? "" : "s"}`;
  out.write(`${o.tool}: forcing scenario ${o.scenario} for session ${o.session}${count} (clear with: ./careem-mcp.sh scenario ${o.tool} --clear --session ${o.session})\n`);
  return 0;
}
