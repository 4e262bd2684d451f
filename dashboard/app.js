// The dashboard: tools with their notes and one-click forcing, live calls with their why,
// sessions, and the widget preview of the selected call. Live data comes pushed over
// /_local/events (server-sent events); nothing polls.
import { api } from "./api.js";
import { el, short, time, widgetDocument } from "./render.js";

const calls = new Map();
let selected = null;
let widgetShell = "";
const $ = (id) => document.getElementById(id);

function status(text) {
  $("status").textContent = text;
}

/** Focus to put back after a redraw: a button's label (the button itself is replaced). */
let focusAfterDraw = null;

async function drawTools() {
  const { domains, broken } = await api.tools();
  const root = $("tools");
  const active = document.activeElement;
  const focusLabel = focusAfterDraw ?? (root.contains(active) ? active.getAttribute("aria-label") : null);
  // Redrawn on every change: keep what the user had open.
  const open = new Set([...root.querySelectorAll("details[open]")].map((d) => d.dataset.tool));
  root.replaceChildren();
  for (const { domain, tools } of domains) {
    const section = el("section", { "aria-label": `Domain ${domain}` }, el("h3", {}, domain));
    for (const tool of tools) section.append(toolView(tool, open.has(tool.name)));
    root.append(section);
  }
  for (const b of broken) root.append(el("p", { role: "alert" }, `${b.tool} is broken: ${b.problems.join("; ")}`));
  if (focusLabel) for (const button of root.querySelectorAll("button")) if (button.getAttribute("aria-label") === focusLabel) button.focus();
}

function toolView(tool, open) {
  const forced = tool.forced?.scenario ?? null;
  const notes = el("div", { class: "notes" });
  notes.innerHTML = tool.notesHtml; // sanitised on the server (rehype-sanitize)
  const list = el(
    "ul",
    { class: "scenarios", "aria-label": `Scenarios of ${tool.name}` },
    tool.scenarios.map((s) => {
      const isForced = s.name === forced;
      const button = isForced
        ? el("button", { type: "button", "aria-label": `Clear forcing of ${tool.name}`, onclick: () => act(() => api.clear(tool.name), `${tool.name}: no longer forced`, `Force ${s.name} for ${tool.name}`) }, "Clear")
        : el("button", { type: "button", "aria-label": `Force ${s.name} for ${tool.name}`, onclick: () => act(() => api.force(tool.name, s.name), `${tool.name}: forcing ${s.name}`, `Clear forcing of ${tool.name}`) }, "Force");
      return el("li", {}, el("span", {}, el("code", {}, s.name), s.match === null ? el("span", { class: "muted" }, " (default)") : null, isForced ? el("span", { class: "badge" }, " forced") : null), button);
    }),
  );
  const summary = el("summary", {}, tool.name, forced ? el("span", { class: "badge", "aria-label": `forced to ${forced}` }, ` ${forced}`) : null);
  return el("details", { "data-tool": tool.name, open }, summary, el("p", {}, tool.description), notes, list);
}

async function act(change, done, focusLabel) {
  try {
    await change();
    // The clicked button is redrawn: focus goes to its counterpart, so a keyboard user stays put.
    focusAfterDraw = focusLabel;
    await drawTools();
    focusAfterDraw = null;
    status(done);
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

function callRow(call) {
  const how = call.forcedBy ? `forced (${call.forcedBy})` : (call.selectedBy ?? "none");
  const row = el(
    "tr",
    { tabindex: 0, "data-call": call.id, "aria-label": `Call ${call.id}: ${call.tool} answered by ${call.scenario ?? "no scenario"}, ${how}`, onclick: () => select(call.id), onkeydown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), select(call.id)) },
    el("td", {}, call.id),
    el("td", {}, time(call.time)),
    el("td", {}, call.tool),
    el("td", {}, call.scenario ?? "–", call.isError ? el("span", { class: "muted" }, " (isError)") : null),
    el("td", {}, call.why),
    el("td", { title: call.session ?? "" }, `${call.transport} ${short(call.session)}`),
  );
  return row;
}

function addCall(call) {
  calls.set(call.id, call);
  $("no-calls").hidden = true;
  $("calls").prepend(callRow(call));
}

function fact(name, value) {
  return [el("dt", {}, name), el("dd", {}, value)];
}

function select(id) {
  const call = calls.get(id);
  if (!call) return;
  selected = call;
  for (const row of $("calls").querySelectorAll("tr")) row.classList.toggle("selected", row.dataset.call === String(id));
  $("call-details").hidden = false;
  $("call-heading").textContent = `Call ${call.id}: ${call.tool}`;
  const facts = [
    ...fact("Scenario", call.scenario ?? "none"),
    ...fact("How chosen", call.forcedBy ? `forced, by the ${call.forcedBy} layer` : (call.selectedBy ?? "none")),
    ...fact("Why", call.why),
    ...fact("Session", `${call.session ?? "–"} (${call.transport})`),
    ...fact("Arguments", el("pre", {}, JSON.stringify(call.arguments, null, 2))),
  ];
  if (call.closest) {
    facts.push(...fact("Closest scenario", el("ul", {}, call.closest.diff.map((d) => el("li", {}, `${call.closest.scenario}: ${d.key} expected ${JSON.stringify(d.expected)}, got ${d.seen === undefined ? "nothing" : JSON.stringify(d.seen)}`)))));
  }
  facts.push(...fact("toolOutput given to the widget", el("pre", {}, JSON.stringify(call.structuredContent ?? null, null, 2))));
  if (call.warnings.length) facts.push(...fact("Warnings", el("ul", {}, call.warnings.map((w) => el("li", {}, w)))));
  $("call-facts").replaceChildren(...facts);
  $("why-steps").replaceChildren();
  $("widget").srcdoc = widgetDocument(widgetShell, call.structuredContent ?? null);
}

async function explain() {
  if (!selected) return;
  try {
    const report = await api.why(selected.tool, selected.arguments, selected.session);
    const steps = report.steps.map((s) => {
      // A match-schema or when condition has no single expected value: its reason says why.
      const miss = s.expected === undefined && s.reason ? `no: ${s.key} ${s.reason}` : `no: ${s.key} expected ${JSON.stringify(s.expected)}, got ${s.seen === undefined ? "nothing" : JSON.stringify(s.seen)}`;
      const verdict = s.matched === null ? "default (no conditions)" : s.matched ? "matched" : miss;
      return el("li", { class: s.scenario === report.scenario ? "selected" : "" }, el("code", {}, s.scenario), ` – ${verdict}`, s.scenario === report.scenario ? " ← would answer now" : "");
    });
    const end = report.error ? `No scenario: ${report.error}` : `Would answer now: ${report.scenario} (${report.forced ? `forced by the ${report.forced.layer} layer` : report.selectedBy})`;
    $("why-steps").replaceChildren(...steps, el("li", { class: "verdict" }, end));
  } catch (err) {
    status(`Error: ${err.message}`);
  }
}

async function drawSessions() {
  const { sessions } = await api.sessions();
  $("sessions").replaceChildren(
    ...sessions.map((s) =>
      el(
        "tr",
        {},
        el("td", {}, el("code", {}, s.id)),
        el("td", {}, s.transport),
        el("td", {}, s.calls),
        el("td", {}, Object.entries(s.forcing).map(([tool, f]) => `${tool} → ${f.scenario}${f.times ? ` (${f.times} left)` : ""}`).join(", ") || "–"),
        el("td", { class: "muted" }, s.state === null ? "state: not in this build yet" : JSON.stringify(s.state)),
      ),
    ),
  );
  if (sessions.length === 0) $("sessions").append(el("tr", {}, el("td", { colspan: 5, class: "muted" }, "No open sessions")));
}

function listen() {
  const events = new EventSource("./events");
  events.addEventListener("open", () => status("Live: calls appear as they happen"));
  events.addEventListener("error", () => status("Disconnected from the server; retrying…"));
  events.addEventListener("call", (e) => {
    const call = JSON.parse(e.data);
    addCall(call);
    void drawSessions();
    if (call.left !== undefined) void drawTools(); // a counted forcing moved on, or ended
  });
  events.addEventListener("forcing", () => {
    void drawTools();
    void drawSessions();
  });
}

async function start() {
  $("explain").addEventListener("click", explain);
  widgetShell = (await api.widget()).html ?? "";
  await drawTools();
  for (const call of (await api.calls()).calls) addCall(call);
  await drawSessions();
  listen();
}

start().catch((err) => status(`Error: ${err.message}`));
