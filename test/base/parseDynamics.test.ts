// The `json dynamics` rules, one row per rule: what parses, and the exact problem (with the
// line of the offending key) for what does not.
import { describe, expect, it } from "vitest";
import { parseDynamics } from "../../src/base/dynamics.js";

const ok: [string, string, object][] = [
  ["fixed delay", '{ "delayMs": 1500 }', { delayMs: 1500 }],
  ["range delay", '{ "delayMs": [1000, 3000] }', { delayMs: [1000, 3000] }],
  ["progress steps", '{ "progress": [{ "progress": 1, "total": 2, "message": "a" }, { "progress": 2 }] }', { progress: [{ progress: 1, total: 2, message: "a" }, { progress: 2 }] }],
  ["log steps", '{ "log": [{ "level": "warning", "data": { "x": 1 }, "logger": "fares" }] }', { log: [{ level: "warning", data: { x: 1 }, logger: "fares" }] }],
  ["429 with Retry-After", '{ "fault": "http-429", "retryAfter": 30 }', { fault: "http-429", retryAfter: 30 }],
  ["503 with a body", '{ "fault": "http-503", "body": "down" }', { fault: "http-503", body: "down" }],
  ["hang alone", '{ "fault": "hang" }', { fault: "hang" }],
  ["delay then a fault", '{ "delayMs": 2000, "fault": "http-502" }', { delayMs: 2000, fault: "http-502" }],
];

const bad: [string, string, number, string][] = [
  ["not JSON", "{ delayMs: 1 }", 10, "json dynamics block: invalid JSON at column 3: Expected property name or '}'"],
  ["not an object", "[1]", 10, 'json dynamics block must be a JSON object, e.g. { "delayMs": 1500 }'],
  ["unknown key", '{\n  "delay": 5\n}', 11, 'json dynamics: unknown key "delay" (known: delayMs, progress, log, fault, retryAfter, body)'],
  ["negative delay", '{ "delayMs": -1 }', 10, 'json dynamics: "delayMs" must be milliseconds (an integer 0-600000) or a range [min, max] with min <= max, got -1'],
  ["reversed range", '{ "delayMs": [3000, 1000] }', 10, 'json dynamics: "delayMs" must be milliseconds (an integer 0-600000) or a range [min, max] with min <= max, got [3000,1000]'],
  ["progress not a list", '{ "progress": 3 }', 10, 'json dynamics: "progress" must be a list of { "progress": number, "total"?: number, "message"?: text }'],
  ["progress not increasing", '{ "progress": [{ "progress": 2 }, { "progress": 2 }] }', 10, 'json dynamics: "progress" values must increase from step to step (the spec requires it)'],
  ["unknown log level", '{ "log": [{ "level": "verbose", "data": "x" }] }', 10, 'json dynamics: "log" must be a list of { "level": debug|info|notice|warning|error|critical|alert|emergency, "data": any JSON, "logger"?: text }'],
  ["unknown fault", '{\n  "delayMs": 5,\n  "fault": "timeout"\n}', 12, 'json dynamics: unknown fault "timeout" (known: hang, drop-connection, http-429, http-500, http-502, http-503, malformed-response, session-expired, no-structured-content, invalid-output)'],
  ["retryAfter without 429", '{ "fault": "http-503", "retryAfter": 5 }', 10, 'json dynamics: "retryAfter" goes with "fault": "http-429" only'],
  ["body without a status fault", '{ "body": "x" }', 10, 'json dynamics: "body" goes with the http-429/500/502/503 faults only'],
  ["hang with a delay", '{ "fault": "hang", "delayMs": 5 }', 10, 'json dynamics: a "hang" never answers on its own: drop "delayMs", "progress" and "log" from this block'],
];

describe("json dynamics: what parses", () => {
  it.each(ok)("%s", (_name, text, expected) => {
    expect(parseDynamics(text, 10)).toEqual({ ok: true, dynamics: { ...expected, line: 10 } });
  });
});

describe("json dynamics: problems name the line of the key", () => {
  it.each(bad)("%s", (_name, text, line, message) => {
    expect(parseDynamics(text, 10)).toEqual({ ok: false, problems: [{ line, message }] });
  });
});

describe("the fault table of docs/latency-and-faults.md", () => {
  it("lists every fault kind the parser accepts, in the same order, and nothing else", async () => {
    const fs = await import("node:fs");
    const doc = fs.readFileSync(new URL("../../docs/latency-and-faults.md", import.meta.url), "utf8");
    const section = doc.split("\n## Faults\n")[1] ?? "";
    const table = section.split("\n\n").find((block) => block.startsWith("| fault |")) ?? "";
    const names = table
      .split("\n")
      .slice(2)
      .map((row) => /^\| `([a-z0-9-]+)` \|/.exec(row)?.[1]);
    const { faultKinds } = await import("../../src/base/dynamics.js");
    expect(names).toEqual([...faultKinds]);
  });
});
