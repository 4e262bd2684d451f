// The `json dynamics` block of a scenario: latency, progress, log messages and one fault, as
// declared. The engine only parses and carries it; the host (src/server/dynamics/) plays it out.
// Every problem names the line of the key it is about, so --check can say file:line.
import { JsonTextError, lineOf, parseJson } from "./jsonText.js";
import { isObject } from "./isObject.js";

/** Every fault a scenario may declare. The README's fault table is tested against this list. */
export const faultKinds = [
  "hang",
  "drop-connection",
  "http-429",
  "http-500",
  "http-502",
  "http-503",
  "malformed-response",
  "session-expired",
  "no-structured-content",
  "invalid-output",
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** MCP logging levels, least severe first (RFC 5424 order, as the spec lists them). */
export const logLevels = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof logLevels)[number];

export interface ProgressStep {
  progress: number;
  total?: number;
  message?: string;
}

export interface LogStep {
  level: LogLevel;
  data: unknown;
  logger?: string;
}

export interface Dynamics {
  /** Milliseconds before the answer: fixed, or a uniform [min, max] range. Scaled by --delay-scale. */
  delayMs?: number | [number, number];
  /** Sent during the delay when the request carries _meta.progressToken, spread evenly. */
  progress?: ProgressStep[];
  /** notifications/message during the delay, spread evenly, honouring logging/setLevel. */
  log?: LogStep[];
  fault?: FaultKind;
  /** Seconds, for http-429's Retry-After. */
  retryAfter?: number;
  /** Body text for the http-4xx/5xx faults. */
  body?: string;
  /** Line of the block's content in the tool file. */
  line: number;
}

const keys = new Set(["delayMs", "progress", "log", "fault", "retryAfter", "body"]);
const statusFaults = new Set<FaultKind>(["http-429", "http-500", "http-502", "http-503"]);

export type DynamicsParse = { ok: true; dynamics: Dynamics } | { ok: false; problems: { line: number; message: string }[] };

function isDelay(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 600_000;
}

/** Parses the raw block text; `line` is the file line of its first content line. */
export function parseDynamics(text: string, line: number): DynamicsParse {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (err) {
    if (err instanceof JsonTextError) return { ok: false, problems: [{ line: line + err.lineOffset, message: `json dynamics block: ${err.message}` }] };
    throw err;
  }
  if (!isObject(value)) return { ok: false, problems: [{ line, message: 'json dynamics block must be a JSON object, e.g. { "delayMs": 1500 }' }] };
  const problems: { line: number; message: string }[] = [];
  // The line a key is written on, so a problem points at it rather than at the block.
  const at = (key: string, message: string) => {
    const index = text.indexOf(JSON.stringify(key));
    problems.push({ line: line + (index >= 0 ? lineOf(text, index) : 0), message: `json dynamics: ${message}` });
  };
  const d: Dynamics = { line };

  for (const key of Object.keys(value)) {
    if (!keys.has(key)) at(key, `unknown key "${key}" (known: ${[...keys].join(", ")})`);
  }
  const delay = value.delayMs;
  if (delay !== undefined) {
    if (isDelay(delay)) d.delayMs = delay;
    else if (Array.isArray(delay) && delay.length === 2 && isDelay(delay[0]) && isDelay(delay[1]) && delay[0] <= delay[1]) d.delayMs = [delay[0], delay[1]];
    else at("delayMs", `"delayMs" must be milliseconds (an integer 0-600000) or a range [min, max] with min <= max, got ${JSON.stringify(delay)}`);
  }
  if (value.progress !== undefined) {
    const steps = value.progress;
    const ok =
      Array.isArray(steps) &&
      steps.every(
        (s) =>
          isObject(s) &&
          typeof s.progress === "number" &&
          (s.total === undefined || typeof s.total === "number") &&
          (s.message === undefined || typeof s.message === "string") &&
          Object.keys(s).every((k) => k === "progress" || k === "total" || k === "message"),
      );
    if (!ok) at("progress", `"progress" must be a list of { "progress": number, "total"?: number, "message"?: text }`);
    else if (steps.some((s, i) => i > 0 && (s as unknown as ProgressStep).progress <= (steps[i - 1] as unknown as ProgressStep).progress)) {
      at("progress", `"progress" values must increase from step to step (the spec requires it)`);
    } else d.progress = steps as unknown as ProgressStep[];
  }
  if (value.log !== undefined) {
    const steps = value.log;
    const ok =
      Array.isArray(steps) &&
      steps.every(
        (s) =>
          isObject(s) &&
          (logLevels as readonly unknown[]).includes(s.level) &&
          s.data !== undefined &&
          (s.logger === undefined || typeof s.logger === "string") &&
          Object.keys(s).every((k) => k === "level" || k === "data" || k === "logger"),
      );
    if (!ok) at("log", `"log" must be a list of { "level": ${logLevels.join("|")}, "data": any JSON, "logger"?: text }`);
    else d.log = steps as unknown as LogStep[];
  }
  if (value.fault !== undefined) {
    if ((faultKinds as readonly unknown[]).includes(value.fault)) d.fault = value.fault as FaultKind;
    else at("fault", `unknown fault ${JSON.stringify(value.fault)} (known: ${faultKinds.join(", ")})`);
  }
  if (value.retryAfter !== undefined) {
    if (d.fault !== "http-429") at("retryAfter", `"retryAfter" goes with "fault": "http-429" only`);
    else if (!(typeof value.retryAfter === "number" && Number.isInteger(value.retryAfter) && value.retryAfter >= 0)) at("retryAfter", `"retryAfter" must be whole seconds (an integer >= 0)`);
    else d.retryAfter = value.retryAfter;
  }
  if (value.body !== undefined) {
    if (!d.fault || !statusFaults.has(d.fault)) at("body", `"body" goes with the http-429/500/502/503 faults only`);
    else if (typeof value.body !== "string") at("body", `"body" must be text`);
    else d.body = value.body;
  }
  if (d.fault === "hang" && (d.delayMs !== undefined || d.progress || d.log)) {
    at("fault", `a "hang" never answers on its own: drop "delayMs", "progress" and "log" from this block`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, dynamics: d };
}
