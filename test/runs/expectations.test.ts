// Expectations over a run: calls counted through the engine's json match rules, state checked by
// JSONata over {diff, start, end, calls}; every failure names the expectation and what was found.
import { describe, expect, it } from "vitest";
import { ExpectationsError, parseExpectations, readExpectationsText, verify, type RunFacts } from "../../src/runs/expectations.js";
import type { JournalEntry } from "../../src/journal/journal.js";

function call(id: number, tool: string, args: Record<string, unknown>): JournalEntry {
  return { id, time: "2026-12-07T10:00:00.000Z", transport: "http", session: "s", tool, arguments: args, scenario: "x", selectedBy: "matched", why: "", isError: false, durationMs: 1, warnings: [] };
}

const facts: RunFacts = {
  calls: [call(1, "cart_checkout", { payment_method_id: "pm_visa_0002", idempotency_key: "a" }), call(2, "cart_checkout", { payment_method_id: "careem_pay", idempotency_key: "b" }), call(3, "get_basket", {})],
  diff: { orders: { created: [{ id: "ord_1", after: { total: { amount: 60.5 } } }], changed: [], removed: [] } },
  start: {},
  end: { orders: { ord_1: { total: { amount: 60.5 } } } },
};

describe("verify", () => {
  it("counts the calls a json match pattern accepts, against min and max", () => {
    const e = parseExpectations({ calls: [{ tool: "cart_checkout", max: 1 }, { tool: "cart_checkout", arguments: { payment_method_id: "~visa" }, min: 1, max: 1 }, { tool: "book_ride" }, { tool: "cart_checkout", arguments: { payment_method_id: "careem_pay" }, max: 0, says: "never the wallet" }] }, "t");
    const verdict = verify(e, facts);
    expect(verdict.passed).toBe(false);
    expect(verdict.failures).toEqual([
      { expectation: "calls[0]", why: 'expected cart_checkout at most 1 time, found 2: #1 {"payment_method_id":"pm_visa_0002","idempotency_key":"a"}, #2 {"payment_method_id":"careem_pay","idempotency_key":"b"}' },
      { expectation: "calls[2]", why: "expected book_ride at least once, found none" },
      { expectation: "calls[3]", says: "never the wallet", why: 'expected cart_checkout with {"payment_method_id":"careem_pay"} never, found 1: #2 {"payment_method_id":"careem_pay","idempotency_key":"b"}' },
    ]);
  });

  it("names the calls of the tool that did not match when too few did", () => {
    const e = parseExpectations({ calls: [{ tool: "cart_checkout", arguments: { payment_method_id: "pm_visa_4242" } }] }, "t");
    expect(verify(e, facts).failures[0]?.why).toBe('expected cart_checkout with {"payment_method_id":"pm_visa_4242"} at least once, found none; calls of cart_checkout that did not match: #1 (payment_method_id: "pm_visa_0002" does not match "pm_visa_4242"), #2 (payment_method_id: "careem_pay" does not match "pm_visa_4242")');
  });

  it("a result pattern counts only the calls answered so; an error answer matches none", () => {
    const answered = [
      { ...call(1, "cart_checkout", { idempotency_key: "a" }), structuredContent: { success: false, error_code: "PAYMENT_DECLINED" } },
      { ...call(2, "cart_checkout", { idempotency_key: "b" }), structuredContent: { success: true, order_id: "ord_1" } },
      { ...call(3, "cart_checkout", { idempotency_key: "c" }), isError: true },
    ];
    const e = parseExpectations({ calls: [{ tool: "cart_checkout", result: { success: true }, max: 1 }, { tool: "cart_checkout", result: { error_code: "PAYMENT_DECLINED" }, max: 0 }, { tool: "cart_checkout", result: { order_id: "*" }, min: 2 }] }, "t");
    expect(verify(e, { ...facts, calls: answered }).failures).toEqual([
      { expectation: "calls[1]", why: 'expected cart_checkout answered {"error_code":"PAYMENT_DECLINED"} never, found 1: #1 {"idempotency_key":"a"}' },
      { expectation: "calls[2]", why: 'expected cart_checkout answered {"order_id":"*"} at least 2 times, found 1: #2 {"idempotency_key":"b"}; calls of cart_checkout that did not match: #1 (answer\'s order_id: absent), #3 (no structured answer: it failed with an error)' },
    ]);
  });

  it("state expressions read diff, start, end and calls; false, nothing and an error each fail with what they gave", () => {
    const e = parseExpectations(
      {
        state: [
          { expression: "$count(diff.orders.created) = 1 and end.orders.ord_1.total.amount = 60.5 and $count(calls[tool='cart_checkout']) = 2", says: "one order" },
          { expression: "diff.orders.created[0].after.total.amount < 50", says: "cheap" },
          { expression: "diff.rides.created", says: "a ride" },
          { expression: "$number('x') > 1", says: "broken" },
        ],
      },
      "t",
    );
    const verdict = verify(e, facts);
    expect(verdict.failures.map((f) => [f.expectation, f.says, f.why.split(":")[0]])).toEqual([
      ["state[1]", "cheap", "not so"],
      ["state[2]", "a ride", "not so"],
      ["state[3]", "broken", "expression \"$number('x') > 1\" failed"],
    ]);
    expect(verdict.failures[0]?.why).toBe("not so: diff.orders.created[0].after.total.amount < 50 gave false");
    expect(verdict.failures[1]?.why).toBe("not so: diff.rides.created gave nothing");
  });

  it("every mistake in a document is named with how to write it, before anything is checked", () => {
    expect(() => parseExpectations({ calls: [{ tool: "x", min: 2, max: 1 }, { arguments: {} }], state: [{ expression: "(", says: "x" }, { expression: "1" }], extra: 1 }, "exp.json")).toThrow(ExpectationsError);
    try {
      parseExpectations({ calls: [{ tool: "x", min: 2, max: 1 }, { arguments: {} }], state: [{ expression: "1" }], extra: 1 }, "exp.json");
    } catch (err) {
      expect((err as Error).message).toBe(
        'exp.json: unknown key "extra" (expectations have "calls" and "state"); calls[0]: "min" 2 is above "max" 1; calls[1] needs a "tool" name: {"tool": "cart_checkout", "arguments": {...}, "min": 1, "max": 1}; state[0] needs an "expression" (JSONata over diff, start, end, calls) and "says" (the sentence it proves)',
      );
    }
  });

  it("reads JSON and YAML", () => {
    expect(readExpectationsText('{"calls": []}', "a.json")).toEqual({ calls: [] });
    expect(readExpectationsText("calls:\n  - tool: cart_checkout\n    max: 1\n", "a.yaml")).toEqual({ calls: [{ tool: "cart_checkout", max: 1 }] });
    expect(() => readExpectationsText("{ nope", "a.json")).toThrow(/a.json: not valid JSON/);
  });
});
