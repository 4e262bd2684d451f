// The dashboard: tools with their notes and one-click forcing, live calls with their why, each
// session's state, and a widget host that replays a call into the widget. The first paint
// draws the snapshot the page was served with; live data then comes pushed over
// /_local/events (server-sent events); nothing polls.
import { api } from "./api.js";
import { callFacts, callValues, whySteps } from "./callView.js";
import { McpHttpClient } from "./mcpClient.js";
import { el, short, time } from "./render.js";
import { drawSessions, drawState } from "./sessionsView.js";
import { WidgetHost } from "./widgetHost.js";

const calls = new Map();
const definitions = new Map();
let selected = null;
let host = null;
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
  if (focusLabel) for (const button of root.querySelectorAll("button")) if (button.getAttribute("aria-label") === focusLabel) button.focus();
}

async function redrawTools() {
  drawTools(await api.tools());
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
  );
}

function toolView(tool, open) {
  const forced = tool.forced?.scenario ?? null;
  const notes = el("div", { class: "notes" });
  notes.innerHTML = tool.notesHtml; // sanitised on the server (rehype-sanitize)
  const list = el("ul", { class: "scenarios", "aria-label": `Scenarios of ${tool.name}` }, tool.scenarios.map((s) => scenarioItem(tool, s, forced)));
  const summary = el("summary", {}, el("span", { class: "tool-name" }, tool.name), forced ? el("span", { class: "badge", "aria-label": `forced to ${forced}` }, forced) : el("span", { class: "meta" }, `${tool.scenarios.length} scenario${tool.scenarios.length === 1 ? "" : "s"}`));
  return el("details", { "data-tool": tool.name, open, class: "tool" }, summary, el("p", { class: "description" }, tool.description), notes, list);
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
  $("calls").prepend(callRow(call));
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
  replay();
}

function hostKind() {
  return document.querySelector('input[name="widget-kind"]:checked')?.value ?? "mcp-apps";
}

function replay() {
  if (!selected || !host) return;
  $("widget-log").replaceChildren();
  host.replay(selected, hostKind(), definitions.get(selected.tool));
}

async function explain() {
  if (!selected) return;
  try {
    $("why-steps").replaceChildren(...whySteps(await api.why(selected.tool, selected.arguments, selected.session)));
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

async function redrawSessions() {
  const [sessions, state] = await Promise.all([api.sessions(), api.state()]);
  drawSessions($("sessions"), sessions, resetState);
  drawState($("state"), state, resetState);
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
  const mcp = new McpHttpClient(new URL("../mcp", location.href).href);
  host = new WidgetHost({
    frame: $("widget"),
    widget: snapshot.widget,
    log: widgetLog,
    callTool: async (name, args) => {
      const answer = await mcp.request("tools/call", { name, arguments: args });
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.result;
    },
  });
  $("widget-source").textContent = snapshot.widget.widgetDir ? `local build ${snapshot.widget.widgetDir}, served at ${snapshot.widget.domain}/` : `${snapshot.widget.domain} (production's domain; --widget-dir DIR previews a local build)`;
  drawTools(snapshot.tools);
  for (const call of snapshot.calls.calls) addCall(call);
  drawSessions($("sessions"), snapshot.sessions, resetState);
  drawState($("state"), snapshot.state, resetState);
  status(`Snapshot of ${new Date().toLocaleTimeString([], { hour12: false })}; connecting for live calls…`);
  $("explain").addEventListener("click", explain);
  $("replay").addEventListener("click", replay);
  for (const radio of document.querySelectorAll('input[name="widget-kind"]')) radio.addEventListener("change", replay);
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
