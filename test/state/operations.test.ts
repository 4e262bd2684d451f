// The state operations of `json then`, one row per operation of docs/state-and-expressions.md's
// table, plus the store's
// scope, cap and end-of-session rules.
import { describe, expect, it } from "vitest";
import { compileOperations, applyOperations } from "../../src/state/operations.js";
import { StateStore } from "../../src/state/stateStore.js";
import { SessionRegistry } from "../../src/server/host/sessionRegistry.js";
import type { Json } from "../../src/base/types.js";

const ctx = (args: Record<string, Json>, response: Json = null) => ({ args, clock: () => Date.UTC(2026, 9, 5, 12), random: { int: (a: number) => a, uuid: () => "u" }, response });

// [operation block, arguments, state before, state after]
const rows: [string, Record<string, Json>, Record<string, Json>, Record<string, Json>][] = [
  ['[{ "set": "rides.{{args.rideId}}.status", "value": "CANCELLED" }]', { rideId: "ride_1" }, { rides: { ride_1: { status: "SEARCHING" } } }, { rides: { ride_1: { status: "CANCELLED" } } }],
  ['[{ "set": "a.b.c", "value": {{args.n}} }]', { n: 3 }, {}, { a: { b: { c: 3 } } }],
  ['[{ "merge": "offers", "value": {{= $args.list{id: $} }} }]', { list: [{ id: "x", p: 1 }, { id: "y", p: 2 }] }, { offers: { w: { id: "w" } } }, { offers: { w: { id: "w" }, x: { id: "x", p: 1 }, y: { id: "y", p: 2 } } }],
  ['[{ "push": "history", "value": "{{args.rideId}}" }]', { rideId: "ride_2" }, { history: ["ride_1"] }, { history: ["ride_1", "ride_2"] }],
  ['[{ "push": "history", "value": 1 }]', {}, {}, { history: [1] }],
  ['[{ "delete": "baskets.{{args.basket_id}}" }]', { basket_id: "bsk_1" }, { baskets: { bsk_1: {}, bsk_2: {} } }, { baskets: { bsk_2: {} } }],
  ['[{ "delete": "nothing.here" }]', {}, { a: 1 }, { a: 1 }],
  ['[{ "increment": "wallet.balance.amount", "by": -12.5 }]', {}, { wallet: { balance: { amount: 125.5 } } }, { wallet: { balance: { amount: 113 } } }],
  ['[{ "increment": "count" }]', {}, {}, { count: 1 }],
  // An argument with dots is one key, never a path.
  ['[{ "set": "baskets.{{args.basket_id}}", "value": true }]', { basket_id: "a.b" }, {}, { baskets: { "a.b": true } }],
  ['[{ "set": "x.{{args.k}}", "value": 1 }]', { k: "__proto__" }, {}, JSON.parse('{ "x": { "__proto__": 1 } }')],
];

describe("json then operations", () => {
  it.each(rows)("%s", (block, args, before, after) => {
    const doc = structuredClone(before);
    applyOperations(doc, compileOperations(block), ctx(args));
    expect(doc).toEqual(after);
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
  });

  it("remembers a value the answer made up, through $response", () => {
    const doc: Record<string, Json> = {};
    applyOperations(doc, compileOperations('[{ "set": "baskets.{{= $response.basket_id }}", "value": 1 }]'), ctx({}, { basket_id: "bsk_9" }));
    expect(doc).toEqual({ baskets: { bsk_9: 1 } });
  });

  it.each([
    ['{ "set": "a", "value": 1 }', "must be an array"],
    ['[{ "add": "a", "value": 1 }]', "needs exactly one of set, merge, push, delete, increment"],
    ['[{ "set": "a" }]', 'has no "value"'],
    ['[{ "set": "a..b", "value": 1 }]', "empty segment"],
    ['[{ "delete": "a", "value": 1 }]', 'unknown key "value"'],
  ])("refuses %s", (block, message) => {
    expect(() => compileOperations(block)).toThrow(message);
  });

  it("refuses to push onto a non-array or increment a non-number, leaving the caller to keep the old state", () => {
    expect(() => applyOperations({ a: 1 }, compileOperations('[{ "push": "a", "value": 1 }]'), ctx({}))).toThrow("not an array");
    expect(() => applyOperations({ a: "x" }, compileOperations('[{ "increment": "a" }]'), ctx({}))).toThrow("not a number");
  });
});

describe("state store", () => {
  it("keys state by session by default, by user with scope user", () => {
    const bySession = new StateStore();
    expect(bySession.keyFor({ sessionId: "s1", userId: "u" })).not.toBe(bySession.keyFor({ sessionId: "s2", userId: "u" }));
    const byUser = new StateStore({ scope: "user" });
    expect(byUser.keyFor({ sessionId: "s1", userId: "u" })).toBe(byUser.keyFor({ sessionId: "s2", userId: "u" }));
    expect(byUser.keyFor({ sessionId: "s1" })).toBe("user:900000001");
  });

  it("refuses a state past its cap and keeps the old one", () => {
    const store = new StateStore({ limitBytes: 100 });
    const key = store.keyFor({ sessionId: "s" });
    store.write(key, { a: 1 });
    expect(() => store.write(key, { a: "x".repeat(200) })).toThrow(/state of session s would grow to 208 bytes, past the 100-byte cap; the change was not made/);
    expect(store.read(key, () => ({}))).toEqual({ a: 1 });
  });

  it("frees a session's state when the registry ends the session; user state stays", async () => {
    const registry = new SessionRegistry(() => {});
    const store = new StateStore();
    registry.onEnd((id) => store.endSession(id));
    registry.open({ id: "s1", transport: "stdio", notify: () => {}, close: async () => {} } as never);
    // Reading a state that never changed keeps nothing: only a write does.
    expect(store.read(store.keyFor({ sessionId: "s1" }), () => ({ a: 1 }))).toEqual({ a: 1 });
    expect(store.size).toBe(0);
    store.write(store.keyFor({ sessionId: "s1" }), { a: 1 });
    expect(store.size).toBe(1);
    await registry.end("s1", "");
    expect(store.size).toBe(0);
    const users = new StateStore({ scope: "user" });
    users.write(users.keyFor({ sessionId: "s1" }), {});
    users.endSession("s1");
    expect(users.size).toBe(1);
  });
});
