// The dashboard: tools with their notes and one-click forcing, live calls with their why, each
// session's state, and a widget host that replays a call into the widget. The first paint
// draws the snapshot the page was served with; live data then comes pushed over
// /_local/events (server-sent events); nothing polls.
import { api } from "./api.js";
import { callFacts, callValues, whySteps } from "./callView.js";
import { callMatches, fillToolChoices, readFilter } from "./callsFilter.js";
import { demoWidget } from "./demoWidget.js";
import { expressionBox, worldPanel } from "./inspectView.js";
import { McpHttpClient } from "./mcpClient.js";
import { el, short, time } from "./render.js";
import { drawSessions, drawState } from "./sessionsView.js";
import { toolForm } from "./toolForm.js";
import { WidgetHost } from "./widgetHost.js";

const calls = new Map();
const definitions = new Map();
let selected = null;
let host = null;
let mcp = null;
let expressions = null;
/** Each tool's Call form, kept across redraws so what was typed stays. */
const forms = new Map();
let idleShown = false;
let lastSessions = null;
const $ = (id) => document.getElementById(id);

function status(text) {
  $("status").textContent = text;
}

/** Focus to put back after a redraw: a button's label (the button itself is replaced). */
let focusAfterDraw = null;

function drawTools({ domains, broken }) {
  const root = $("tools");
  const active = document.activeElement;
  const focusLabel = focusAfterDraw ?? (root.contains(active) ? active.getAttribute("aria-label") : null);
  // Redrawn on every change: keep what the user had open.
  const open = new Set([...root.querySelectorAll("details[open]")].map((d) => d.dataset.tool));
  root.replaceChildren();
  for (const { domain, tools } of domains) {
    const section = el("section", { "aria-label": `Domain ${domain}`, class: "domain" }, el("h3", {}, domain));
    for (const tool of tools) {
      definitions.set(tool.name, tool.definition);
      section.append(toolView(tool, open.has(tool.name)));
    }
    root.append(section);
  }
  for (const b of broken) root.append(el("p", { role: "alert", class: "alert" }, `${b.tool} is broken: ${b.problems.join("; ")}`));
  // Also at the top of the page: at the bottom of a scrolled sidebar nobody saw them.
  const banner = $("broken");
  banner.hidden = broken.length === 0;
  banner.replaceChildren(...broken.map((b) => el("p", { role: "alert", class: "alert" }, `${b.tool} is broken and not served: ${b.problems.join("; ")}`)));
  fillToolChoices($("calls-filter").elements.tool, domains.flatMap((d) => d.tools.map((t) => t.name)).sort());
  if (focusLabel) for (const button of root.querySelectorAll("button")) if (button.getAttribute("aria-label") === focusLabel) button.focus();
}

async function redrawTools() {
  drawTools(await api.tools());
}

/** A scenario's blocks as its file has them: match, match-schema, when, response or error, then. */
function scenarioBlocks(s) {
  const blocks = Object.entries(s.blocks ?? {});
  if (blocks.length === 0) return null;
  return el(
    "details",
    { class: "blocks" },
    el("summary", { "aria-label": `What ${s.name} matches and answers` }, "match, when, response"),
    blocks.flatMap(([kind, b]) => [el("div", {}, el("span", { class: "block-kind" }, `json ${kind}`), el("span", { class: "meta" }, ` line ${b.line}`)), el("pre", { "aria-label": `json ${kind} of ${s.name}` }, b.text)]),
  );
}

function scenarioItem(tool, s, forced) {
  const isForced = s.name === forced;
  const button = isForced
    ? el("button", { type: "button", class: "danger", "aria-label": `Clear forcing of ${tool.name}`, onclick: () => act(() => api.clear(tool.name), `${tool.name}: no longer forced`, `Force ${s.name} for ${tool.name}`) }, "Clear")
    : el("button", { type: "button", class: "quiet", "aria-label": `Force ${s.name} for ${tool.name}`, onclick: () => act(() => api.force(tool.name, s.name), `${tool.name}: forcing ${s.name}`, `Clear forcing of ${tool.name}`) }, "Force");
  return el(
    "li",
    { class: isForced ? "forced" : "" },
    el(
      "span",
      { class: "scenario" },
      el("code", {}, s.name),
      s.isDefault ? el("span", { class: "tag default" }, "default") : null,
      s.conditions.map((c) => el("span", { class: "tag" }, c)),
      s.isError ? el("span", { class: "tag error" }, "json error") : null,
      isForced ? el("span", { class: "badge" }, "forced") : null,
    ),
    button,
    scenarioBlocks(s),
  );
}

function toolView(tool, open) {
  const forced = tool.forced?.scenario ?? null;
  const notes = el("div", { class: "notes" });
  notes.innerHTML = tool.notesHtml; // sanitised on the server (rehype-sanitize)
  const list = el("ul", { class: "scenarios", "aria-label": `Scenarios of ${tool.name}` }, tool.scenarios.map((s) => scenarioItem(tool, s, forced)));
  const summary = el("summary", {}, el("span", { class: "tool-name" }, tool.name), forced ? el("span", { class: "badge", "aria-label": `forced to ${forced}` }, forced) : el("span", { class: "meta" }, `${tool.scenarios.length} scenario${tool.scenarios.length === 1 ? "" : "s"}`));
  return el("details", { "data-tool": tool.name, open, class: "tool" }, summary, el("p", { class: "description" }, tool.description), callForm(tool), notes, list);
}

/** The tool's Call form under a disclosure (kept across redraws, open or not). */
function callForm(tool) {
  let kept = forms.get(tool.name);
  if (!kept || kept.definition !== JSON.stringify(tool.definition)) {
    // The summary's text leaves the tool's name out: the tool's own summary is found by it.
    const details = el("details", { class: "call-form" }, el("summary", { "aria-label": `Call ${tool.name}: open the form` }, "Call this tool"), toolForm(tool, (args, scenario) => callFromPage(tool.name, args, scenario)));
    kept = { definition: JSON.stringify(tool.definition), details };
    forms.set(tool.name, kept);
  }
  return kept.details;
}

/** A call from the page's own MCP session: journaled, forced and stateful like any client's. */
async function callFromPage(name, args, scenario) {
  const answer = await mcp.request("tools/call", { name, arguments: args, ...(scenario ? { _meta: { "careem-mcp/scenario": scenario } } : {}) });
  if (answer.error) return `${name}: refused, ${answer.error.code} ${answer.error.message}`;
  return `${name} answered${answer.result.isError ? " with isError" : ""}${scenario ? ` (forced: ${scenario})` : ""}: see Live calls`;
}

async function act(change, done, focusLabel) {
  try {
    await change();
    // The clicked button is redrawn: focus goes to its counterpart, so a keyboard user stays put.
    focusAfterDraw = focusLabel;
    await redrawTools();
    focusAfterDraw = null;
    status(done);
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

function callRow(call) {
  const how = call.forcedBy ? `forced (${call.forcedBy})` : (call.selectedBy ?? "none");
  return el(
    "tr",
    { tabindex: 0, "data-call": call.id, "aria-label": `Call ${call.id}: ${call.tool} answered by ${call.scenario ?? "no scenario"}, ${how}`, onclick: () => select(call.id), onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), select(call.id)) },
    el("td", { class: "num" }, call.id),
    el("td", {}, time(call.time)),
    el("td", {}, el("code", {}, call.tool)),
    el("td", {}, call.scenario ?? "–", call.isError ? el("span", { class: "tag error" }, "isError") : null),
    el("td", { class: "why" }, call.why),
    el("td", { title: call.session ?? "" }, `${call.transport} ${short(call.session)}`),
  );
}

function addCall(call) {
  calls.set(call.id, call);
  $("no-calls").hidden = true;
  const row = callRow(call);
  row.hidden = !callMatches(call, readFilter($("calls-filter")));
  $("calls").prepend(row);
  countShown();
}

function countShown() {
  const rows = [...$("calls").querySelectorAll("tr")];
  const shown = rows.filter((r) => !r.hidden).length;
  $("calls-shown").textContent = shown === rows.length ? "" : `${shown} of ${rows.length} calls shown`;
}

function applyFilter() {
  const filter = readFilter($("calls-filter"));
  for (const row of $("calls").querySelectorAll("tr")) row.hidden = !callMatches(calls.get(Number(row.dataset.call)), filter);
  countShown();
}

function select(id) {
  const call = calls.get(id);
  if (!call) return;
  selected = call;
  for (const row of $("calls").querySelectorAll("tr")) row.classList.toggle("selected", row.dataset.call === String(id));
  $("call-details").hidden = false;
  $("call-heading").textContent = `Call ${call.id}: ${call.tool}`;
  $("call-facts").replaceChildren(...callFacts(call));
  $("call-values").replaceChildren(...callValues(call));
  $("why-steps").replaceChildren();
  $("widget-log").replaceChildren();
  expressions?.describe();
  replay();
}

function hostKind() {
  return document.querySelector('input[name="widget-kind"]:checked')?.value ?? "mcp-apps";
}

function widgetSource() {
  return document.querySelector('input[name="widget-source"]:checked')?.value ?? "resource";
}

async function replay() {
  if (!selected || !host) return;
  const call = selected;
  $("widget-log").replaceChildren();
  if (widgetSource() !== "demo") {
    $("widget-problem").hidden = true;
    host.replay(call, hostKind(), definitions.get(call.tool));
    return;
  }
  try {
    // The demo widget speaks MCP Apps (ext-apps' App) only.
    const kindRadio = document.querySelector('input[name="widget-kind"][value="mcp-apps"]');
    kindRadio.checked = true;
    host.replay(call, "mcp-apps", definitions.get(call.tool), await demoWidget());
  } catch (err) {
    showWidgetProblem(`The demo widget could not be loaded: ${err.message}`);
  }
}

function showWidgetProblem(text) {
  $("widget-problem").textContent = text;
  $("widget-problem").hidden = false;
}

/** The resource's widget did not load (offline, a domain that does not answer): say why, and show the demo widget. */
function widgetLoadFailed(what, replayed) {
  if (replayed?.source) return showWidgetProblem(`The demo widget failed: ${what}`);
  // The script and the stylesheet each fail: the first one says why and switches.
  if (widgetSource() === "demo") return;
  const fix = "serve a local build with --widget-dir DIR, or check that --widget-domain answers";
  document.querySelector('input[name="widget-source"][value="demo"]').checked = true;
  showWidgetProblem(`The widget resource could not load: ${what}. Showing the demo widget that ships with this project instead (not production's widget); ${fix}.`);
  void replay();
}

async function explain() {
  if (!selected) return;
  try {
    $("why-steps").replaceChildren(...whySteps(await api.why(selected.tool, selected.arguments, selected.session)));
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

function drawSessionRows(sessions) {
  lastSessions = sessions;
  drawSessions($("sessions"), sessions, resetState, {
    idleShown,
    toggleIdle: () => {
      idleShown = !idleShown;
      drawSessionRows(lastSessions);
    },
    close: closeSessions,
  });
}

async function redrawSessions() {
  const [sessions, state] = await Promise.all([api.sessions(), api.state()]);
  drawSessionRows(sessions);
  drawState($("state"), state, resetState);
}

/** Ends sessions their clients left open (no DELETE): as a DELETE would. */
async function closeSessions(ids) {
  try {
    for (const id of ids) await api.closeSession(id);
    await redrawSessions();
    status(ids.length === 1 ? `Session ${short(ids[0])} closed` : `${ids.length} sessions closed`);
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

/** `session`: the id when reset from the session's row, for the message. */
async function resetState(key, session) {
  try {
    await api.resetState(key);
    await redrawSessions();
    status(`State ${session ? `of session ${short(session)}` : key} reset: its next call starts from the persona's world`);
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

function widgetLog(direction, text) {
  const list = $("widget-log");
  list.append(el("li", {}, el("span", { class: "direction" }, direction), " ", text));
  // Only the latest traffic matters: keep the list short.
  while (list.children.length > 40) list.firstElementChild.remove();
}

function listen() {
  const events = new EventSource("./events");
  events.addEventListener("open", () => status("Live: calls appear as they happen"));
  events.addEventListener("error", () => status("Disconnected from the server; retrying…"));
  events.addEventListener("call", (e) => {
    const call = JSON.parse(e.data);
    addCall(call);
    void redrawSessions();
    if (call.left !== undefined) void redrawTools(); // a counted forcing moved on, or ended
  });
  events.addEventListener("forcing", () => {
    void redrawTools();
    void redrawSessions();
  });
}

function start() {
  const snapshot = JSON.parse($("snapshot").textContent);
  mcp = new McpHttpClient(new URL("../mcp", location.href).href);
  host = new WidgetHost({
    frame: $("widget"),
    widget: snapshot.widget,
    log: widgetLog,
    onLoadFailed: widgetLoadFailed,
    callTool: async (name, args) => {
      const answer = await mcp.request("tools/call", { name, arguments: args });
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    },
  });
  $("widget-source").textContent = snapshot.widget.widgetDir ? `local build ${snapshot.widget.widgetDir}, served at ${snapshot.widget.domain}/` : `${snapshot.widget.domain} (production's domain; --widget-dir DIR previews a local build)`;
  drawTools(snapshot.tools);
  for (const call of snapshot.calls.calls) addCall(call);
  drawSessionRows(snapshot.sessions);
  worldPanel($("world"));
  expressions = expressionBox($("expression-box"), () => selected);
  $("calls-filter").addEventListener("input", applyFilter);
  $("calls-filter").addEventListener("submit", (e) => e.preventDefault());
  if (snapshot.widget.widgetDir) $("widget-resource-name").textContent = "your --widget-dir build";
  drawState($("state"), snapshot.state, resetState);
  status(`Snapshot of ${new Date().toLocaleTimeString([], { hour12: false })}; connecting for live calls…`);
  $("explain").addEventListener("click", explain);
  $("replay").addEventListener("click", replay);
  for (const radio of document.querySelectorAll('input[name="widget-kind"], input[name="widget-source"]')) radio.addEventListener("change", replay);
  // After the load event: an open event stream never holds up the page being "loaded" (a
  // headless screenshot is taken then).
  if (document.readyState === "complete") setTimeout(listen, 0);
  else window.addEventListener("load", () => setTimeout(listen, 0), { once: true });
}

try {
  start();
} catch (err) {
  status(`Error: ${err.message}`);
}
