// One call in full: how its scenario was chosen, its arguments and output (folded when long),
// the closest miss of a default, and the walk over every scenario on request.
import { el, foldedJson } from "./render.js";

function fact(name, value) {
  return [el("dt", {}, name), el("dd", {}, value)];
}

export function callFacts(call) {
  const facts = [
    ...fact("Scenario", call.scenario ?? "none"),
    ...fact("How chosen", call.forcedBy ? `forced, by the ${call.forcedBy} layer` : (call.selectedBy ?? "none")),
    ...fact("Why", call.why),
    ...fact("Session", `${call.session ?? "–"} (${call.transport})`),
    ...fact("Duration", `${call.durationMs.toFixed(1)} ms${call.isError ? " · isError" : ""}`),
  ];
  if (call.closest) {
    facts.push(...fact("Closest scenario", el("ul", {}, call.closest.diff.map((d) => el("li", {}, `${call.closest.scenario}: ${d.key} expected ${JSON.stringify(d.expected)}, got ${d.seen === undefined ? "nothing" : JSON.stringify(d.seen)}`)))));
  }
  if (call.warnings.length) facts.push(...fact("Warnings", el("ul", {}, call.warnings.map((w) => el("li", {}, w)))));
  return facts;
}

export function callValues(call) {
  return [foldedJson("Arguments", call.arguments), foldedJson("Output (structuredContent)", call.structuredContent ?? null)];
}

export function whySteps(report) {
  const steps = report.steps.map((s) => {
    // A match-schema or when condition has no single expected value: its reason says why.
    const miss = s.expected === undefined && s.reason ? `no: ${s.key} ${s.reason}` : `no: ${s.key} expected ${JSON.stringify(s.expected)}, got ${s.seen === undefined ? "nothing" : JSON.stringify(s.seen)}`;
    const verdict = s.matched === null ? "default (no conditions)" : s.matched ? "matched" : miss;
    return el("li", { class: s.scenario === report.scenario ? "selected" : "" }, el("code", {}, s.scenario), ` – ${verdict}`, s.scenario === report.scenario ? " ← would answer now" : "");
  });
  const end = report.error ? `No scenario: ${report.error}` : `Would answer now: ${report.scenario} (${report.forced ? `forced by the ${report.forced.layer} layer` : report.selectedBy})`;
  return [...steps, el("li", { class: "verdict" }, end)];
}
