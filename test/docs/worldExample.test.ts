// The docs' world examples work: state-and-expressions.md's world module is the test catalog's
// own (byte for byte) and its scenario answers what the page says; service.md's "basket not
// found" condition is true for a basket nobody has and false for one the world has.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { World } from "../../src/world/world.js";
import { projectRoot } from "../journeys/server.js";

const doc = (name: string) => fs.readFileSync(path.join(projectRoot, "docs", name), "utf8");
const catalog = path.join(projectRoot, "test", "fixtures", "world-catalog");

describe("docs/state-and-expressions.md's world function", () => {
  it("is the test catalog's module, and its scenario excerpt is the tool file's", () => {
    const page = doc("state-and-expressions.md");
    const module = /```ts\n([\s\S]*?)```/.exec(page)?.[1];
    expect(module).toBe(fs.readFileSync(path.join(catalog, "_world", "demo.ts"), "utf8"));
    const visit = fs.readFileSync(path.join(catalog, "demo", "visit.md"), "utf8");
    expect(visit).toContain(`"greeting": "{{= $greet($args.name) }}",\n  "visits": {{= $visits() + 1 }},`);
    expect(visit).toContain(`[{ "set": "visits", "value": {{= $visits() + 1 }} }]`);
  });

  it("answers as the page says, call after call", () => {
    const engine = new Engine({ toolsDir: catalog });
    const greeting = () => {
      const outcome = engine.callTool("visit", { name: "Sara" }, { sessionId: "docs-example" });
      return outcome.kind === "result" ? (outcome.result.structuredContent as { greeting: string }).greeting : outcome.message;
    };
    expect(greeting()).toBe("Hello Sara, welcome to Corner Shop (visit 1)");
    expect(greeting()).toBe("Hello Sara, welcome to Corner Shop (visit 2)");
  });
});

describe("docs/service.md's basket-not-found condition", () => {
  it("is true for a basket nobody has and false for one the world has", () => {
    const when = /```json when\n"(.*)"\n```/.exec(doc("service.md"))?.[1] as string;
    expect(when).toBe("$not($exists($basket($args.basket_id)))");
    const world = new World(path.join(projectRoot, "tools", "_world"), () => Date.UTC(2026, 11, 7, 9), { int: (min) => min, uuid: () => "u" }).snapshot();
    const ask = (basket_id: string) => compileExpression(when).evaluate({ args: { basket_id }, state: {}, clock: () => Date.UTC(2026, 11, 7, 9), world });
    expect(ask("bsk_nobody_has")).toBe(true);
    expect(ask("bsk_318274")).toBe(false);
  });
});
