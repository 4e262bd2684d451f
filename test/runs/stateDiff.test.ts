// The run diff: every top-level collection of the state a kind, named deeper collections their
// own, each entity created, changed or removed, in a stable order.
import { describe, expect, it } from "vitest";
import { canonical, stateDiff } from "../../src/runs/stateDiff.js";

describe("stateDiff", () => {
  it("finds every created, changed and removed entity by kind, sorted by kind and id", () => {
    const start = { orders: { ord_2: { total: 10 }, ord_1: { total: 5, status: "placed" } }, rides: { r1: { status: "SEARCHING" } } };
    const end = { orders: { ord_1: { total: 5, status: "delivered" }, ord_3: { total: 7 } }, baskets: { b1: { lines: {} } }, rides: { r1: { status: "SEARCHING" } } };
    expect(stateDiff(start, end)).toEqual({
      baskets: { created: [{ id: "b1", after: { lines: {} } }], changed: [], removed: [] },
      orders: {
        created: [{ id: "ord_3", after: { total: 7 } }],
        changed: [{ id: "ord_1", fields: ["status"], before: { total: 5, status: "placed" }, after: { total: 5, status: "delivered" } }],
        removed: [{ id: "ord_2", before: { total: 10 } }],
      },
    });
    expect(Object.keys(stateDiff(start, end))).toEqual(["baskets", "orders"]);
  });

  it("a named deeper collection is its own kind, left out of the one above it", () => {
    const end = { wallet: { transactions: { txn_1: { amount: 60.5 } }, note: "x" } };
    expect(stateDiff({}, end, [{ kind: "walletMovements", path: ["wallet", "transactions"] }])).toEqual({
      wallet: { created: [{ id: "note", after: "x" }], changed: [], removed: [] },
      walletMovements: { created: [{ id: "txn_1", after: { amount: 60.5 } }], changed: [], removed: [] },
    });
  });

  it("key order is no change, a value that is not an object is one entity under its own key, and nothing changed is {}", () => {
    expect(stateDiff({ orders: { o: { a: 1, b: 2 } } }, { orders: { o: { b: 2, a: 1 } } })).toEqual({});
    expect(stateDiff({ count: 1 }, { count: 2 })).toEqual({ count: { created: [], changed: [{ id: "count", fields: [], before: 1, after: 2 }], removed: [] } });
    expect(stateDiff({}, {})).toEqual({});
  });

  it("the same run gives the same text, whatever order its entities were written in", () => {
    const a = stateDiff({}, { orders: { b: { x: 1 }, a: { y: 2 } } });
    const b = stateDiff({}, { orders: { a: { y: 2 }, b: { x: 1 } } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(canonical({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});
