// Every transport plays every transport fault in its own code: the kinds are one list
// (wire/faultWire.ts transportFaults, with base/dynamics.ts's declared kinds), and each
// transport's fault function names each in a case of its own switch. The compiler holds the
// switches exhaustive (`satisfies never`); this fails when a kind is missing from the list or
// from a transport's switch. What each case puts on the wire is test/server/dynamics/'s table.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { faultKinds } from "../../../src/base/dynamics.js";
import { transportFaults } from "../../../src/server/wire/faultWire.js";

const src = path.resolve(import.meta.dirname, "../../../src");

/** The text of a transport's fault function: from its opening line to the next line at its indentation that closes it. */
function faultFunction(file: string, opening: RegExp): string {
  const lines = fs.readFileSync(path.join(src, file), "utf8").split("\n");
  const start = lines.findIndex((l) => opening.test(l));
  if (start < 0) throw new Error(`${file}: no line matches ${opening}`);
  const indent = (lines[start] as string).search(/\S/);
  const end = lines.findIndex((l, i) => i > start && l.search(/\S/) === indent && /^\s*}/.test(l));
  return lines.slice(start, end + 1).join("\n");
}

const transports: [string, string, RegExp][] = [
  ["streamable HTTP", "server/http/postStream.ts", /private fault\(fault: TransportFault/],
  ["SSE", "server/http/sseFaults.ts", /fault: \(fault, dynamics, answer\) =>/],
  ["stdio", "server/stdio/stdioFaults.ts", /fault\(fault, dynamics, answer\) \{/],
];

describe("the fault kinds", () => {
  it("are every declared kind but those played elsewhere, and go-panic", () => {
    const elsewhere = ["hang", "no-structured-content", "invalid-output"];
    expect([...transportFaults].sort()).toEqual([...faultKinds.filter((k) => !elsewhere.includes(k)), "go-panic"].sort());
  });
});

describe.each(transports)("%s plays every transport fault in its own case", (_name, file, opening) => {
  const body = faultFunction(file, opening);
  it("ends in an exhaustive switch", () => {
    expect(body).toMatch(/default:\s*return fault satisfies never;/);
  });
  it.each([...transportFaults])("%s", (kind) => {
    const cased = body.includes(`case ${JSON.stringify(kind)}:`) || body.includes(`fault === ${JSON.stringify(kind)}`);
    expect(cased, `${file}: the fault function has no case for "${kind}"`).toBe(true);
  });
});
