// `why` (Engine.explain) goes through the call's own stages: for any arguments and call, what it
// explains is what the call answers. Each row is asked both ways; a refusal before selection is
// the same text, and a selected scenario the same name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import type { CallContext } from "../../src/base/types.js";

const fence = "```";
const definition = {
  name: "tip",
  description: "tip a ride",
  inputSchema: { type: "object", required: ["rideId"], properties: { rideId: { type: "string" }, amount: { type: "number", default: 5 } } },
};
const toolFile = `---\ntool: tip\ndomain: t\n---\n\n# tip\n\n## Scenario: missing\n\n${fence}json match\n{ "rideId": "~missing" }\n${fence}\n\n${fence}json response\n{ "ok": false }\n${fence}\n\n## Scenario: tipped\n\n${fence}json response\n{ "ok": true }\n${fence}\n\n## Definition\n${fence}json tool\n${JSON.stringify(definition)}\n${fence}\n`;

let dir: string;
let engine: Engine;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-why-pipeline-"));
  fs.mkdirSync(path.join(dir, "t"));
  fs.writeFileSync(path.join(dir, "t", "tip.md"), toolFile);
  engine = new Engine({ toolsDir: dir });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the call answers: its error text (or unknown tool's message) before any scenario, else the scenario. */
function called(name: string, args: unknown, call: CallContext): { error?: string; scenario?: string | null } {
  const outcome = engine.callTool(name, args, call);
  if (outcome.kind === "unknown-tool") return { error: outcome.message };
  if (outcome.scenario === null) return { error: (outcome.result.content as { text: string }[])[0]?.text };
  return { scenario: outcome.scenario };
}

function explained(name: string, args: unknown, call: CallContext): { error?: string; scenario?: string | null } {
  const report = engine.explain(name, args, call);
  return report.error !== undefined ? { error: report.error } : { scenario: report.scenario };
}

describe("why explains what the call answers", () => {
  it.each<[string, string, unknown, CallContext, string]>([
    ["arguments that are a string", "tip", "x", {}, 'validating "arguments": unmarshaling arguments: json: cannot unmarshal "\\"x\\"" into Go value of type map[string]interface {}'],
    ["arguments that are an array", "tip", [1], {}, 'validating "arguments": unmarshaling arguments: json: cannot unmarshal "[1]" into Go value of type map[string]interface {}'],
    ["null arguments where go-sdk panics", "tip", null, {}, 'go-sdk panics on "arguments": null for tip'],
    ["a caller auth refuses", "tip", { rideId: "r1" }, { authFailure: "unauthorized: missing bearer token" }, "unauthorized: missing bearer token"],
    ["arguments the schema refuses", "tip", { rideId: 7 }, {}, 'validating "arguments": validating root: validating /properties/rideId: type: 7 has type "integer", want "string"'],
    ["an unknown tool", "nope", {}, {}, 'unknown tool "nope"'],
  ])("%s", (_what, name, args, call, words) => {
    const answer = called(name, args, call);
    expect(answer.error).toContain(words);
    expect(explained(name, args, call)).toEqual(answer);
  });

  it.each([
    ["matched", { rideId: "ride_missing" }, "missing"],
    ["the default", { rideId: "ride_1" }, "tipped"],
  ])("a scenario %s: the same one", (_what, args, scenario) => {
    expect(called("tip", args, {})).toEqual({ scenario });
    expect(explained("tip", args, {})).toEqual({ scenario });
  });
});
