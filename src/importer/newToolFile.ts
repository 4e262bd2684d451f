// The text of a tool file that import or record creates: front matter, a heading, a note saying
// where it came from, the scenarios, and the live definition. It follows the format's layout so
// it reads like a hand-written file and the honesty check passes on it.
import { compileValidators } from "../engine/validators.js";
import type { Json, JsonObject } from "../base/types.js";
import { isObject } from "../base/isObject.js";
import { validPlaceholder } from "./placeholderOutput.js";

export interface NewToolFile {
  name: string;
  domain: string;
  /** Paragraphs under the heading, for people. */
  note: string;
  /** Whole `## Scenario:` sections, in order, the default last. */
  scenarios: string[];
  definition: JsonObject;
}

export function toolFileText(file: NewToolFile): string {
  const description = typeof file.definition.description === "string" ? file.definition.description.split("\n")[0] : "";
  return [
    "---",
    `tool: ${file.name}`,
    `domain: ${file.domain}`,
    "---",
    "",
    `# ${file.name}`,
    "",
    ...(description ? [description, ""] : []),
    file.note,
    "",
    ...file.scenarios.map((s) => `${s.trimEnd()}\n`),
    "## Definition",
    "",
    "```json tool",
    JSON.stringify(file.definition, null, 2),
    "```",
    "",
  ].join("\n");
}

export function scenarioSection(name: string, blocks: { kind: string; json: string }[], note?: string): string {
  const parts = [`## Scenario: ${name}`, ""];
  if (note) parts.push(note, "");
  for (const block of blocks) parts.push(`\`\`\`json ${block.kind}`, block.json, "```", "");
  return parts.join("\n");
}

/**
 * The default of a file no one has written scenarios for: the smallest answer its output schema
 * accepts, or, when none can be built or the tool declares no output schema, an isError answer
 * that says what to do. Either passes the honesty check, and neither pretends to be production.
 */
export function placeholderDefault(definition: JsonObject): { section: string; kind: "response" | "error" } {
  const name = String(definition.name);
  const note = "A placeholder written by `careem-mcp import`: replace it with production's answer (`./careem-mcp.sh record` writes real ones).";
  const schema = definition.outputSchema;
  if (isObject(schema)) {
    let value: Json | undefined;
    try {
      const validators = compileValidators(definition);
      value = validPlaceholder(schema, (v) => validators.checkOutput(v));
    } catch {
      value = undefined;
    }
    if (isObject(value)) return { kind: "response", section: scenarioSection("placeholder", [{ kind: "response", json: JSON.stringify(value, null, 2) }], note) };
  }
  const text = JSON.stringify(`${name}: no scenario written yet (this is the placeholder of a file made by careem-mcp import)`);
  return { kind: "error", section: scenarioSection("placeholder", [{ kind: "error", json: text }], note) };
}
