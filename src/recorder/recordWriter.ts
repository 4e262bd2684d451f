// Writes recorded calls into the catalog one file at a time (a read, the new text, an atomic
// rename), then asks the engine what the file now answers for the call: a recording that would
// not replay as the upstream answered is said at once, not found later in a test.
import fs from "node:fs";
import path from "node:path";
import { Engine } from "../engine/engine.js";
import type { JsonObject, ToolCallResult } from "../base/types.js";
import { writeInsideCatalog } from "../importer/atomicWrite.js";
import { sameJson } from "../importer/sameJson.js";
import { isSafeToolName, toolFileIndex } from "../importer/toolFileIndex.js";
import type { Redactor } from "./redact.js";
import { recordScenario, type RecordedAnswer, type RecordOutcome } from "./recordScenario.js";

export interface RecordedCall {
  tool: string;
  args: JsonObject;
  answer: RecordedAnswer;
  /** The upstream's tools/call result as redacted, to compare the replay with. */
  expected: ToolCallResult;
  definition: JsonObject | undefined;
}

export type WriteReport = RecordOutcome & { tool: string; file?: string; replay?: string };

export class RecordWriter {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly toolsDir: string,
    private readonly domain: string,
    private readonly redactor: Redactor,
    private readonly source: string,
  ) {}

  /** Resolves once every call handed over so far is on disk. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Calls are written in the order they were answered; one file is never written twice at once. */
  write(call: RecordedCall): Promise<WriteReport> {
    const next = this.queue.then(() => this.writeNow(call));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private writeNow(call: RecordedCall): WriteReport {
    if (!isSafeToolName(call.tool)) return { kind: "refused", tool: call.tool, reason: `the tool name ${JSON.stringify(call.tool)} cannot be a file name; not recorded` };
    const existingFile = toolFileIndex(this.toolsDir).get(call.tool);
    const file = existingFile ?? path.join(this.toolsDir, this.domain, `${call.tool}.md`);
    const existing = existingFile ? fs.readFileSync(existingFile, "utf8") : undefined;
    const outcome = recordScenario(existing, path.relative(process.cwd(), file) || file, {
      tool: call.tool,
      args: call.args,
      answer: call.answer,
      definition: call.definition,
      domain: this.domain,
      isRedactedKey: this.redactor.isRedactedKey,
      source: this.source,
    });
    if (outcome.kind !== "written") return { ...outcome, tool: call.tool, file };
    // The last line of defence: a credential found in the text stops the write.
    if (this.redactor.leaks(outcome.added)) return { kind: "refused", tool: call.tool, file, reason: "the text to write still holds a credential; nothing written (report this as a bug)" };
    writeInsideCatalog(this.toolsDir, file, outcome.text);
    return { ...outcome, tool: call.tool, file, replay: this.replayProblem(call) };
  }

  /** undefined when the file answers the call as the upstream did; else what differs. */
  private replayProblem(call: RecordedCall): string | undefined {
    const outcome = new Engine({ toolsDir: this.toolsDir }).callTool(call.tool, call.args);
    if (outcome.kind !== "result") return `the file does not answer it (${outcome.message})`;
    const got = outcome.result;
    const want = call.expected;
    if (Boolean(got.isError) !== Boolean(want.isError)) return `isError ${Boolean(got.isError)}, the upstream's ${Boolean(want.isError)}`;
    if (!sameJson(got.structuredContent, want.structuredContent)) return "structuredContent differs from the upstream's";
    if (!sameJson(got.content, want.content)) return "content differs from the upstream's (the file format renders content as the JSON text of structuredContent)";
    return undefined;
  }
}
