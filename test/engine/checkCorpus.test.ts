// The --check corpus: one deliberately broken tool file per failure kind, each with the exact
// `path:line: message` that --check prints for it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkCatalog } from "../../src/check/checkCatalog.js";
import { formatProblem } from "../../src/engine/engine.js";
import { assertBuilt } from "../assertBuilt.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";

const root = path.resolve(import.meta.dirname, "../..");
const corpus = "test/fixtures/broken/tools";

// [file under the corpus, line, message]
const expected: [string, number, string][] = [
  ["food/duplicate_name.md", 1, "duplicate tool name \"duplicate_name\": also defined in test/fixtures/broken/tools/rides/duplicate_name.md (tool names must be unique across domains)"],
  ["food/misplaced_tool.md", 1, "warning: file is at food/misplaced_tool.md but its front matter says domain rides (move it to tools/rides/misplaced_tool.md)"],
  ["rides/bad_dynamics.md", 14, "scenario \"slow\": json dynamics: \"delayMs\" must be milliseconds (an integer 0-600000) or a range [min, max] with min <= max, got [3000,1000]"],
  ["rides/bad_dynamics.md", 15, "scenario \"slow\": json dynamics: unknown fault \"timeout\" (known: hang, drop-connection, http-429, http-500, http-502, http-503, malformed-response, session-expired, no-structured-content, invalid-output)"],
  ["rides/bad_front_matter.md", 3, "front matter is not valid YAML: missed comma between flow collection entries"],
  ["rides/bad_match_schema.md", 13, "scenario \"past\": json match-schema does not compile: schema is invalid: data/properties/departureDate/type must be equal to one of the allowed values, data/properties/departureDate/type must be array, data/properties/departureDate/type must match a schema in anyOf"],
  ["rides/bad_state_operation.md", 17, "scenario \"ok\": json then: operation 1 needs exactly one of set, merge, push, delete, increment naming a state path, e.g. { \"set\": \"orders.{{args.order_id}}.status\", \"value\": \"placed\" }"],
  ["rides/block_outside_section.md", 10, "json response block outside its section (move it under a ## Scenario: heading)"],
  ["rides/broken_placeholder.md", 15, "scenario \"ok\": json response unknown placeholder {{tomorrow}} (known: {{args.<name>}}, {{= <JSONata over $args, $state>}}, {{now}}, {{now+15m}}, {{now+2h@20m}}, {{now|date}}, {{unix}}, {{unixms}}, {{uuid}}, {{rand:1-9}})"],
  ["rides/duplicate_name.md", 1, "duplicate tool name \"duplicate_name\": also defined in test/fixtures/broken/tools/food/duplicate_name.md (tool names must be unique across domains)"],
  ["rides/empty.md", 1, "file is empty (a tool file needs front matter, scenarios and a ## Definition)"],
  ["rides/file_name_mismatch.md", 2, "front matter tool \"file_name_mismatch\" differs from the definition name \"renamed_tool\""],
  ["rides/file_name_mismatch.md", 19, "definition name \"renamed_tool\" differs from the file name \"file_name_mismatch\" (rename the file to renamed_tool.md)"],
  ["rides/format_mismatch.md", 13, "scenario \"ok\" response does not validate against outputSchema: /at must match format \"date-time\" {\"format\":\"date-time\"}"],
  ["rides/front_matter_mismatch.md", 2, "front matter tool \"some_other_tool\" differs from the definition name \"front_matter_mismatch\""],
  ["rides/invalid_error_json.md", 13, "scenario \"e\": json error invalid JSON at column 14: Unexpected token 'o'"],
  ["rides/invalid_match_json.md", 13, "json match block: invalid JSON at column 18: Expected double-quoted property name"],
  ["rides/invalid_output_validates.md", 13, "scenario \"meant-to-break\" declares the invalid-output fault but its response validates against outputSchema (make it break the schema, or drop the fault)"],
  ["rides/invalid_response_json.md", 13, "scenario \"r\": json response invalid JSON at column 18: Expected ',' or '}' after property value (a \",\" is missing at the end of this line)"],
  ["rides/invalid_tool_json.md", 19, "json tool block: invalid JSON at column 32: Expected double-quoted property name"],
  ["rides/invalid_tool_object.md", 19, "inputSchema must be a JSON Schema object with \"type\": \"object\""],
  ["rides/missing_response_block.md", 10, "scenario \"silent\" has no json response or json error block"],
  ["rides/no_default.md", 10, "no_default has no default scenario (add a ## Scenario without a json match block, normally last)"],
  ["rides/no_front_matter.md", 1, "missing front matter: start the file with ---, tool: <name>, ---"],
  ["rides/output_mismatch.md", 17, "scenario \"wrong-type\" response does not validate against outputSchema: /success must be boolean {\"type\":\"boolean\"}"],
  ["rides/response_not_object.md", 13, "scenario \"ok\" response is not a JSON object (structured output must be an object)"],
  ["rides/schema_does_not_compile.md", 19, "inputSchema does not compile: schema is invalid: data/properties/rideId/type must be equal to one of the allowed values, data/properties/rideId/type must be array, data/properties/rideId/type must match a schema in anyOf"],
  ["rides/state_read_unwritten.md", 13, "scenario \"remembered\" reads $state.ridez, which no json then writes and no ## State declares (a typo, or a missing write)"],
  ["rides/two_definitions.md", 22, "second ## Definition section (a tool file has exactly one)"],
  ["rides/unknown_arg_placeholder.md", 16, "scenario \"ok\": placeholder {{args.rideID}} names no input of unknown_arg_placeholder, so it renders empty (did you mean {{args.rideId}}?)"],
  ["rides/unknown_match_key.md", 13, "match key \"rideID\" is not an input of unknown_match_key (did you mean \"rideId\"?)"],
  ["rides/unknown_nested_match_key.md", 13, "match key \"pickup.adress\" is not an input of unknown_nested_match_key (did you mean \"pickup.address\"?)"],
];

describe("--check broken corpus", () => {
  const report = checkCatalog(path.join(root, corpus));
  const printed = report.problems.map((p) => formatProblem({ ...p, file: path.relative(root, path.resolve(p.file)) }));

  it.each(expected)("%s:%i", (file, line, message) => {
    expect(printed).toContain(`${corpus}/${file}:${line}: ${message}`);
  });

  it("reports nothing beyond the listed problems", () => {
    expect(printed.length).toBe(expected.length);
  });

  it("every file in the corpus is reported", () => {
    const files = new Set(expected.map(([f]) => f));
    expect(files.size).toBe(report.tools + 1); // duplicate_name counts once as a tool, twice as a file
  });
});

describe("./careem-mcp.sh --check as a process", () => {
  it("exits 1 on the broken corpus, printing each problem and a summary", () => {
    assertBuilt();
    const run = spawnSync("node", ["dist/cli.js", "--check", "--tools", corpus], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines.at(-1)).toBe(`check: 29 tools, 14 scenarios, ${expected.length} problems: FAILED`);
    expect(lines.slice(0, -1)).toEqual(expected.map(([f, l, m]) => `${corpus}/${f}:${l}: ${m}`));
  });
});

// The same command line in process (test/cli/runCliInProcess.ts): a spawned node costs a second here.
describe("--check and the check command", () => {
  it("check (the subcommand form) prints the same report as --check", async () => {
    const flag = await runCliInProcess("--check", "--tools", corpus);
    const sub = await runCliInProcess("check", "--tools", corpus);
    expect(sub).toEqual(flag);
    expect(sub.status).toBe(1);
    expect(sub.stdout.trim().split("\n").at(-1)).toBe(`check: 29 tools, 14 scenarios, ${expected.length} problems: FAILED`);
  });

  it("--json reports the same problems for machines", async () => {
    const run = await runCliInProcess("--check", "--json", "--tools", corpus);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { ok: boolean; problems: { file: string; line: number; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems.length).toBe(expected.length);
    expect(report.problems[0]).toEqual({ file: `${corpus}/food/duplicate_name.md`, line: 1, message: expected[0]?.[2] });
  });

  it("exits 0 on the shipped catalog", async () => {
    const run = await runCliInProcess("check");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^check: \d+ tools, \d+ scenarios, 0 problems: ok\n$/);
  });

  it("a tools directory that does not exist is a usage error (exit 2) naming it", async () => {
    for (const form of [["--check"], ["check"]]) {
      const run = await runCliInProcess(...form, "--tools", "no/such/dir");
      expect(run).toEqual({ status: 2, stdout: "", stderr: "careem-mcp: tools directory no/such/dir does not exist\n" });
    }
  });
});
