// One recorded call into a tool file's text: pure, text in and text out, so the rules can be
// tested without a proxy. The new scenario goes above every scenario already there (the
// recorder's answers are production's for exactly these arguments, so nothing written by hand
// may shadow them); a new file gets the first answer a second time, as its default.
import { isObject } from "../base/isObject.js";
import { matchArguments } from "../engine/match.js";
import { parseToolFile } from "../toolFile/parseToolFile.js";
import type { Json, JsonObject } from "../base/types.js";
import { scenarioSection, toolFileText } from "../importer/newToolFile.js";
import { sameJson } from "../importer/sameJson.js";
import { exactGuard } from "./exactGuard.js";
import { holdsBraces, literalTemplate } from "./literalTemplate.js";
import { argumentsOf, matchPattern } from "./matchPattern.js";
import { scenarioName } from "./scenarioName.js";

export type RecordedAnswer = { kind: "response"; value: JsonObject } | { kind: "error"; text: string };

export interface RecordInput {
  tool: string;
  /** Redacted already. */
  args: JsonObject;
  answer: RecordedAnswer;
  /** The upstream's definition, for a file that does not exist yet. */
  definition: JsonObject | undefined;
  domain: string;
  isRedactedKey: (key: string) => boolean;
  /** Where the answer came from, for the scenario's note (never a credential). */
  source: string;
}

export type RecordOutcome =
  /** `added`: the scenario text written, the part that must hold no credential (the definition is the upstream's own). */
  | { kind: "written"; text: string; added: string; scenario: string; created: boolean; guarded: boolean }
  | { kind: "duplicate"; scenario: string }
  | { kind: "refused"; reason: string };

function answerBlock(answer: RecordedAnswer): { kind: string; json: string } {
  return answer.kind === "error" ? { kind: "error", json: JSON.stringify(literalTemplate(answer.text)) } : { kind: "response", json: JSON.stringify(literalTemplate(answer.value), null, 2) };
}

export function recordScenario(existing: string | undefined, displayPath: string, input: RecordInput): RecordOutcome {
  const pattern = matchPattern(input.args, input.isRedactedKey);
  const base = scenarioName(input.tool, input.args);
  const file = existing === undefined ? undefined : parseToolFile(displayPath, existing);
  const scenarios = file?.scenarios ?? [];

  // The same call recorded before: its name (or a numbered one) and the same match block.
  const same = scenarios.find((s) => (s.name === base || new RegExp(`^${base}-\\d+$`).test(s.name)) && s.match && sameJson(s.match.value, pattern));
  if (same) return { kind: "duplicate", scenario: same.name };

  let name = base;
  for (let n = 2; scenarios.some((s) => s.name === name); n++) name = `${base}-${n}`;

  // The new scenario sits above all others: it must not take the calls of those below it. The
  // real matcher decides, on each one's arguments as its match block records them.
  const takesOthers = scenarios.some((s) => s.match && isObject(argumentsOf(s.match.value)) && matchArguments(pattern, argumentsOf(s.match.value) as Record<string, Json>).matched);
  const guarded = (Object.keys(input.args).length === 0 || takesOthers) && !holdsBraces(input.args);
  const blocks = [{ kind: "match", json: JSON.stringify(pattern, null, 2) }];
  if (guarded) blocks.push({ kind: "match-schema", json: JSON.stringify(exactGuard(input.args, input.isRedactedKey), null, 2) });
  blocks.push(answerBlock(input.answer));
  const note = `Recorded from ${input.source}${guarded ? "; the match-schema block keeps it to exactly these arguments (the match block alone would also take the calls of a scenario below)" : ""}.`;
  const section = scenarioSection(name, blocks, note);

  if (existing === undefined) {
    if (!input.definition) return { kind: "refused", reason: `the upstream did not list ${input.tool} in tools/list, so there is no definition to make its file with` };
    const fallback = scenarioSection("default", [answerBlock(input.answer)], `The first answer recorded (${name}), for any other arguments.`);
    const text = toolFileText({
      name: input.tool,
      domain: input.domain,
      note: "Recorded by `careem-mcp record`: each scenario is an answer of the upstream, for the arguments in its match block.",
      scenarios: [section, fallback],
      definition: input.definition,
    });
    return { kind: "written", text, added: section + fallback, scenario: name, created: true, guarded };
  }
  if (!file || file.problems.length > 0) {
    const first = file?.problems[0];
    return { kind: "refused", reason: `${first ? `${first.file}:${first.line}: ${first.message}` : displayPath}: mend the file first; nothing recorded into it` };
  }
  const lines = existing.split("\n");
  const definitionHeading = lines.findIndex((l) => /^##\s+Definition\s*$/.test(l.replace(/\r$/, "")));
  const at = scenarios[0] ? scenarios[0].line - 1 : definitionHeading >= 0 ? definitionHeading : lines.length;
  const cr = (lines[0] ?? "").endsWith("\r") ? "\r" : "";
  const inserted = `${section.trimEnd()}\n`.split("\n").map((l) => l + cr);
  return { kind: "written", text: [...lines.slice(0, Math.max(0, at)), ...inserted, ...lines.slice(Math.max(0, at))].join("\n"), added: section, scenario: name, created: false, guarded };
}
