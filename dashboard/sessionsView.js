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

/** A session is idle when no call came in this long (or none ever): clients that never send DELETE leave such rows behind. */
export const idleAfterMs = 5 * 60_000;

export function isIdle(s, now) {
  return s.lastCall === null || now - Date.parse(s.lastCall) > idleAfterMs;
}

function sessionRow(s, stateScope, reset, close) {
  return el(
    "tr",
    { "aria-label": `Session ${s.id}` },
    el("td", { title: s.id }, el("code", {}, short(s.id))),
    el("td", {}, s.client ?? el("span", { class: "muted" }, "unnamed")),
    el("td", {}, s.transport),
    el("td", { class: "num" }, s.calls),
    el("td", {}, Object.entries(s.forcing).map(([tool, f]) => `${tool} → ${f.scenario}${f.times ? ` (${f.times} left)` : ""}`).join(", ") || "–"),
    stateCell(s, stateScope, reset),
    el("td", {}, s.transport === "stdio" ? null : el("button", { type: "button", class: "quiet", "aria-label": `Close session ${s.id}`, onclick: () => close([s.id]) }, "Close")),
  );
}

/**
 * `view`: GET /_local/sessions. Sessions with no call for 5 minutes are folded under one row
 * (opened with `idleShown`), so a pile of abandoned ones never pushes State off the screen.
 * `close(ids)` ends sessions; `toggleIdle()` opens or folds the idle ones.
 */
export function drawSessions(tbody, { sessions, stateScope }, reset, { close = () => {}, idleShown = false, toggleIdle = () => {}, now = Date.now() } = {}) {
  const idle = sessions.filter((s) => isIdle(s, now));
  const active = sessions.filter((s) => !isIdle(s, now));
  tbody.replaceChildren(...active.map((s) => sessionRow(s, stateScope, reset, close)));
  if (idle.length) {
    const label = `${idle.length} idle session${idle.length === 1 ? "" : "s"} (no call in the last 5 minutes)`;
    tbody.append(
      el(
        "tr",
        { class: "idle-summary" },
        el(
          "td",
          { colspan: 7 },
          el("button", { type: "button", class: "quiet", "aria-expanded": idleShown ? "true" : "false", onclick: toggleIdle }, idleShown ? `Hide ${label}` : `Show ${label}`),
          " ",
          el("button", { type: "button", class: "quiet", onclick: () => close(idle.filter((s) => s.transport !== "stdio").map((s) => s.id)) }, `Close the ${idle.length} idle`),
        ),
      ),
    );
    if (idleShown) tbody.append(...idle.map((s) => sessionRow(s, stateScope, reset, close)));
  }
  if (sessions.length === 0) tbody.append(el("tr", {}, el("td", { colspan: 7, class: "muted" }, "No open sessions")));
}
