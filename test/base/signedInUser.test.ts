// The reserved `$user` match key: scenario selection sees the signed-in user, the FIXTURES
// persona when nobody signed in, and never a value the client sent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unknownMatchKeys } from "../../src/check/matchKeys.js";
import { Engine } from "../../src/engine/engine.js";
import type { CallOutcome } from "../../src/base/types.js";

// additionalProperties is left open on purpose: a client could send "$user" as an argument.
const whoami = `---
tool: whoami
domain: test
---

# whoami

## Scenario: omar

\`\`\`json match
{ "$user": "900000002" }
\`\`\`

\`\`\`json response
{ "who": "omar", "q": "{{args.q}}" }
\`\`\`

## Scenario: sara

\`\`\`json match
{ "$user": "900000001" }
\`\`\`

\`\`\`json response
{ "who": "sara", "q": "{{args.q}}" }
\`\`\`

## Scenario: someone-else

\`\`\`json response
{ "who": "someone else", "q": "{{args.q}}" }
\`\`\`

## Definition

\`\`\`json tool
{ "name": "whoami", "description": "test tool", "inputSchema": { "type": "object", "properties": { "q": { "type": "string" } } } }
\`\`\`
`;

let dir: string;
let engine: Engine;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-user-"));
  fs.mkdirSync(path.join(dir, "test"));
  fs.writeFileSync(path.join(dir, "test", "whoami.md"), whoami);
  engine = new Engine({ toolsDir: dir });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function who(outcome: CallOutcome): unknown {
  return outcome.kind === "result" ? outcome.result.structuredContent?.who : outcome.message;
}

describe("$user in json match", () => {
  it.each([
    ["no user (no --auth): the FIXTURES persona", {}, "sara"],
    ["signed in as 900000001", { userId: "900000001" }, "sara"],
    ["signed in as 900000002", { userId: "900000002" }, "omar"],
    ["signed in as another user", { userId: "900000777" }, "someone else"],
  ])("%s", (_label, call, expected) => {
    expect(who(engine.callTool("whoami", { q: "x" }, call))).toBe(expected);
  });

  it("a client cannot choose the user by sending a $user argument", () => {
    expect(who(engine.callTool("whoami", { $user: "900000002" }))).toBe("sara");
    expect(who(engine.callTool("whoami", { $user: "900000001" }, { userId: "900000777" }))).toBe("someone else");
  });

  it("the arguments the template sees are the client's own", () => {
    const outcome = engine.callTool("whoami", { q: "hello" }, { userId: "900000002" });
    expect(outcome.kind === "result" && outcome.result.structuredContent).toEqual({ who: "omar", q: "hello" });
  });

  it("--check accepts $user at the top of a match block, and only there", () => {
    const schema = { type: "object", properties: { q: { type: "string" }, place: { type: "object", properties: { id: { type: "string" } } } } };
    expect(unknownMatchKeys("whoami", schema, { $user: "900000002", q: "x" })).toEqual([]);
    expect(unknownMatchKeys("whoami", schema, { place: { $user: "900000002" } })).toEqual(['match key "place.$user" is not an input of whoami']);
  });
});

describe("withSignedInUser", () => {
  it("lays $user over the arguments as a data key, an argument named __proto__ kept as data too", async () => {
    const { withSignedInUser } = await import("../../src/base/signedInUser.js");
    const args = JSON.parse('{"__proto__":{"polluted":true},"$user":"forged","a":1}') as Record<string, unknown>;
    const subject = withSignedInUser(args, "900000002");
    expect(Object.getPrototypeOf(subject)).toBe(Object.prototype);
    expect(Object.keys(subject)).toEqual(["__proto__", "$user", "a"]);
    expect(subject.$user).toBe("900000002");
    expect(args.$user).toBe("forged");
  });
});
