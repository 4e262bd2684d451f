// A run's setup as `POST /_local/runs` and a task file give it: whose world, what time, which
// scenarios forced and which injections placed. Checked whole before the run exists, each mistake
// named with the fix: a run made from a typo would grade an agent against the wrong world.
import { didYouMean } from "../base/didYouMean.js";
import { isObject } from "../base/isObject.js";
import { defaultUserId } from "../base/signedInUser.js";
import type { JsonObject } from "../base/types.js";
import type { RunRecord } from "./runBook.js";

export interface RunSetupDeps {
  now: () => number;
  /** A new run id (injected: tests pin it). */
  newId: () => string;
  /** The persona's fresh state, rendered at the run's clock. */
  initialState: (atMs: number) => JsonObject;
  /** undefined when the tool has that scenario; else the refusal naming the valid ones. */
  checkScenario: (tool: string, scenario: string) => string | undefined;
  injectionIds: () => string[];
}

const KEYS = ["user", "clock", "forced", "injections"];

/** The run's record, or every problem of the setup in one sentence. */
export function makeRun(body: unknown, deps: RunSetupDeps): RunRecord | { error: string } {
  const setup = body === undefined || body === null ? {} : body;
  if (!isObject(setup)) return { error: 'the body must be a JSON object: {"user": "900000002", "clock": "2026-12-08T09:00:00Z", "forced": {"<tool>": "<scenario>"}, "injections": true | ["<id>"]} (every key optional)' };
  const problems: string[] = [];
  for (const key of Object.keys(setup)) {
    if (!KEYS.includes(key)) {
      const near = didYouMean(key, KEYS);
      problems.push(`unknown key ${JSON.stringify(key)}${near ? ` (did you mean "${near}"?)` : ""}; a run's setup has ${KEYS.join(", ")}`);
    }
  }
  const user = setup.user ?? defaultUserId;
  if (typeof user !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(user)) problems.push(`"user" must be a persona's user id such as "900000002", got ${JSON.stringify(setup.user)}`);
  const createdMs = deps.now();
  let clockOffsetMs = 0;
  if (setup.clock !== undefined) {
    const at = typeof setup.clock === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(setup.clock) ? Date.parse(setup.clock) : NaN;
    if (Number.isNaN(at)) problems.push(`"clock" must be an instant in RFC 3339 such as "2026-12-08T09:00:00Z", got ${JSON.stringify(setup.clock)}`);
    else clockOffsetMs = at - createdMs;
  }
  const forced: Record<string, string> = {};
  if (setup.forced !== undefined) {
    if (!isObject(setup.forced)) problems.push(`"forced" must be an object of tool -> scenario, got ${JSON.stringify(setup.forced)}`);
    else {
      for (const [tool, scenario] of Object.entries(setup.forced)) {
        const refusal = typeof scenario === "string" ? deps.checkScenario(tool, scenario) : `"forced"."${tool}" must be a scenario name, got ${JSON.stringify(scenario)}`;
        if (refusal) problems.push(refusal);
        else forced[tool] = scenario as string;
      }
    }
  }
  const known = deps.injectionIds();
  let injections: string[] = [];
  if (setup.injections === true) injections = known;
  else if (setup.injections !== undefined && setup.injections !== false) {
    if (!Array.isArray(setup.injections) || !setup.injections.every((i) => typeof i === "string")) problems.push(`"injections" must be true (every one) or a list of injection ids, got ${JSON.stringify(setup.injections)}`);
    else {
      for (const id of setup.injections as string[]) {
        if (known.includes(id)) continue;
        const near = didYouMean(id, known);
        problems.push(`unknown injection ${JSON.stringify(id)}${near ? ` (did you mean "${near}"?)` : ""}; the catalog's injections (tools/_injections.json): ${known.join(", ") || "(none)"}`);
      }
      injections = [...new Set(setup.injections as string[])];
    }
  }
  if (problems.length > 0) return { error: problems.join("; ") };
  const id = deps.newId();
  return {
    settings: { id, clockOffsetMs, forced, injections },
    user: user as string,
    createdAt: new Date(createdMs).toISOString(),
    ...(typeof setup.clock === "string" && { clock: setup.clock }),
    start: deps.initialState(createdMs + clockOffsetMs),
  };
}
