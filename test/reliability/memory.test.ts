// Memory that must not grow with use: compiling a tool file's schemas again on every edit, and
// opening and closing sessions. Measured in a child `node --expose-gc`, heap after full GCs.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot, requireBuild } from "./spawnServer.js";

function retainedMiB(script: string): number[] {
  requireBuild();
  const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { cwd: projectRoot, encoding: "utf8", timeout: 60_000 });
  return out.trim().split("\n").map(Number);
}

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("memory", { timeout: 120_000 }, () => {
  it("recompiling edited schemas does not grow the heap without bound (Ajv scope)", () => {
    // Before the fix, each compile left ~8 KB in Ajv's shared scope: +16 MiB per 2,000 compiles.
    const heap = retainedMiB(`
      import { compileValidators } from ${JSON.stringify(path.join(projectRoot, "dist/engine/validators.js"))};
      const definition = (i) => ({ name: "t",
        inputSchema: { type: "object", properties: { nonce: { type: "string", pattern: "^x" }, n: { type: "integer" } }, additionalProperties: false },
        outputSchema: { type: "object", properties: { v: { type: "integer", const: i }, at: { type: "string", format: "date-time" } } } });
      for (let round = 0; round < 6; round++) {
        // 400 compiles a round: a leak of 8 KB each is 3 MiB a round, 9 MiB over the three measured.
        for (let i = 0; i < 400; i++) compileValidators(definition(i));
        globalThis.gc(); globalThis.gc();
        console.log(process.memoryUsage().heapUsed / 1048576);
      }`);
    // Rounds 1-2 warm up; from then on the heap stays flat.
    const [, , third = 0, , , last = 0] = heap;
    expect(last - third, `heap per round: ${heap.map((h) => h.toFixed(1)).join(", ")} MiB`).toBeLessThan(4);
  });
});

describe("memory of per-session state", () => {
  it("sessions that book, add, search and end leave the heap flat and no state behind", { timeout: 90_000 }, () => {
    const heap = retainedMiB(`
      import { Engine } from ${JSON.stringify(path.join(projectRoot, "dist/engine/engine.js"))};
      const engine = new Engine({ toolsDir: ${JSON.stringify(path.join(projectRoot, "tools"))} });
      const home = { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" }, work = { latitude: 25.2115, longitude: 55.2806, placeId: "saved_work" };
      const journey = (sessionId) => {
        const c = (n, a) => engine.callTool(n, a, { sessionId }).result.structuredContent;
        const b = c("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242" });
        c("cancel_ride", { rideId: b.rideId });
        const o = c("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }] });
        c("cart_checkout", { basket_id: o.basket_id, payment_method_id: "careem_pay", idempotency_key: "key-" + sessionId });
        const f = c("offer_search", { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "MCT" }, departureDate: new Date(Date.now() + 40 * 864e5).toISOString().slice(0, 10) });
        c("offer_revalidate", { offerId: f.offers[0].offerId });
      };
      for (let round = 0; round < 5; round++) {
        // 30 sessions of 6 calls a round: the world's functions make a call cost milliseconds,
        // and a per-session leak of 70 KB would still show as more than 2 MiB.
        for (let i = 0; i < 30; i++) journey(round + "-" + i);
        for (let i = 0; i < 30; i++) engine.state.endSession(round + "-" + i);
        if (engine.state.size !== 0) throw new Error("states left: " + engine.state.size);
        globalThis.gc(); globalThis.gc();
        console.log(process.memoryUsage().heapUsed / 1048576);
      }`);
    const [, , third = 0, , last = 0] = heap;
    expect(last - third, `heap per round: ${heap.map((h) => h.toFixed(1)).join(", ")} MiB`).toBeLessThan(2);
  });
});

describe("memory of a large catalog", { timeout: 120_000 }, () => {
  it("a loaded tool file keeps little of its text and no parser per expression", () => {
    // 600 renamed copies of the shipped files, loaded after the shipped ones alone: the live heap
    // each extra file adds. Before the second memory pass it was about 72 KB: every copy kept its
    // own JSONata parsers (one per expression), its whole text (through the raw "json then" block)
    // and its own copy of schemas identical to the original's. About 9 KB now.
    const heap = retainedMiB(`
      import { Engine } from ${JSON.stringify(path.join(projectRoot, "dist/engine/engine.js"))};
      import { listToolFiles, makeTempDir, copyCatalog, generateCatalog, removeDir } from ${JSON.stringify(path.join(projectRoot, "bench/catalog.mjs"))};
      const sources = listToolFiles(${JSON.stringify(path.join(projectRoot, "tools"))});
      const small = makeTempDir("memtest"), large = makeTempDir("memtest");
      copyCatalog(sources, small);
      generateCatalog(sources, large, sources.length + 600);
      const kept = [];
      for (const dir of [small, large]) {
        const engine = new Engine({ toolsDir: dir });
        await engine.warm();
        engine.listTools();
        kept.push(engine);
        globalThis.gc(); globalThis.gc();
        console.log(process.memoryUsage().heapUsed / 1048576);
        kept.pop();
      }
      removeDir(small); removeDir(large);`);
    const [shipped = 0, withCopies = 0] = heap;
    const perFileKiB = ((withCopies - shipped) * 1024) / 600;
    expect(perFileKiB, `live heap: ${shipped.toFixed(1)} MiB shipped, ${withCopies.toFixed(1)} MiB with 600 copies`).toBeLessThan(20);
  });
});
