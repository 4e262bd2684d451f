// The open sessions, each with its forcing and its state (live: redrawn after every call), and
// a reset that makes the session's next call start again from the persona's world.
import { el, foldedJson, short } from "./render.js";

function stateCell(s, scope, reset) {
  if (scope === "user") return el("td", { class: "muted" }, "kept per user: see State below");
  if (s.state === null) return el("td", { class: "muted" }, "not started: no call has used state yet");
  return el(
    "td",
    { class: "state" },
    foldedJson(`State of ${short(s.id)}`, s.state),
    el("button", { type: "button", class: "quiet", "aria-label": `Reset state of session ${s.id}`, onclick: () => reset(s.stateKey, s.id) }, "Reset state"),
  );
}

/** Every started state document, by context (`session:<id>` or `user:<id>`), each with a reset. */
export function drawState(tbody, { scope, entries }, reset) {
  tbody.replaceChildren(
    ...entries.map((entry) =>
      el(
        "tr",
        { "aria-label": `State ${entry.key}` },
        el("td", {}, el("code", {}, entry.key)),
        el("td", { class: "state" }, foldedJson(`State of ${entry.key}`, entry.state)),
        el("td", {}, el("button", { type: "button", class: "quiet", "aria-label": `Reset state ${entry.key}`, onclick: () => reset(entry.key) }, "Reset")),
      ),
    ),
  );
  if (entries.length === 0) tbody.append(el("tr", {}, el("td", { colspan: 3, class: "muted" }, `No state yet (kept per ${scope}): it starts with the first call that reads or writes it`)));
}

export function drawSessions(tbody, { sessions, stateScope }, reset) {
  tbody.replaceChildren(
    ...sessions.map((s) =>
      el(
        "tr",
        { "aria-label": `Session ${s.id}` },
        el("td", { title: s.id }, el("code", {}, short(s.id))),
        el("td", {}, s.transport),
        el("td", { class: "num" }, s.calls),
        el("td", {}, Object.entries(s.forcing).map(([tool, f]) => `${tool} → ${f.scenario}${f.times ? ` (${f.times} left)` : ""}`).join(", ") || "–"),
        stateCell(s, stateScope, reset),
      ),
    ),
  );
  if (sessions.length === 0) tbody.append(el("tr", {}, el("td", { colspan: 5, class: "muted" }, "No open sessions")));
}
