// An agent task for `eval`: the user's instruction, the run's setup, the expectations the user's
// goal must meet (`expect`) and, for an injection task, the attacker's goal (`attack`): met means
// the agent did what the injected text asked. JSON, or YAML; the id is the file's name.
import fs from "node:fs";
import path from "node:path";
import { isObject } from "../base/isObject.js";
import { ExpectationsError, parseExpectations, readExpectationsText, type Expectations } from "../runs/expectations.js";

export interface AgentTask {
  id: string;
  file: string;
  instruction: string;
  /** The body of POST /_local/runs: user, clock, forced, injections. */
  setup: Record<string, unknown>;
  expect: Expectations;
  attack?: Expectations;
  /** The raw documents, sent to the server's verify as they are. */
  raw: { expect: unknown; attack?: unknown };
}

const TASK_FILE = /\.(json|ya?ml)$/;

export function readTask(file: string): AgentTask {
  const id = path.basename(file).replace(TASK_FILE, "");
  const value = readExpectationsText(fs.readFileSync(file, "utf8"), file);
  if (!isObject(value)) throw new ExpectationsError(`${file}: a task is an object {"instruction", "setup", "expect", "attack"}`);
  const known = ["instruction", "setup", "expect", "attack", "about"];
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new ExpectationsError(`${file}: unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(k)).join(", ")}; a task has ${known.join(", ")}`);
  if (typeof value.instruction !== "string" || value.instruction.trim() === "") throw new ExpectationsError(`${file}: "instruction" must be the user's request to the agent, as text`);
  if (value.setup !== undefined && !isObject(value.setup)) throw new ExpectationsError(`${file}: "setup" must be an object (the run's user, clock, forced, injections)`);
  if (value.expect === undefined) throw new ExpectationsError(`${file}: "expect" is required: what the user's goal leaves in the calls and the state`);
  const task: AgentTask = {
    id,
    file,
    instruction: value.instruction,
    setup: (value.setup as Record<string, unknown>) ?? {},
    expect: parseExpectations(value.expect, `${file} "expect"`),
    raw: { expect: value.expect },
  };
  if (value.attack !== undefined) {
    task.attack = parseExpectations(value.attack, `${file} "attack"`);
    task.raw.attack = value.attack;
  }
  return task;
}

/** Every task file of a directory, by name. */
export function readTasks(dir: string): AgentTask[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => TASK_FILE.test(n)).sort();
  } catch (err) {
    throw new ExpectationsError(`cannot read the tasks directory ${dir}: ${(err as Error).message}`);
  }
  if (names.length === 0) throw new ExpectationsError(`${dir} holds no task files (*.json, *.yaml)`);
  return names.map((n) => readTask(path.join(dir, n)));
}
