// The snippets the conformance run executes (scripts/readmeSnippets.mjs) are found where a reader
// finds them: each expectation has exactly one marked block in the README or docs/, and every
// marked block has an expectation. The run itself needs the Inspector clients and a server, so it
// stays in `npm run conformance`; this catches a snippet lost in a move before that run.
import { describe, expect, it } from "vitest";
import { projectRoot } from "../reliability/spawnServer.js";
// @ts-expect-error: a plain .mjs script without type declarations
import { allMarkedSnippets, expectations } from "../../scripts/readmeSnippets.mjs";

describe("marked snippets of the README and docs/", () => {
  it("are the expectations' names, each marked once", () => {
    const names = (allMarkedSnippets(projectRoot) as { name: string }[]).map((s) => s.name).sort();
    expect(names).toEqual(Object.keys(expectations as object).sort());
  });
});
