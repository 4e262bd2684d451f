// Assertions journeys share: money is amount + AED, times are RFC 3339 and relative to now.
import { expect } from "vitest";

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

/**
 * Slack for "now" across a call: the server renders whole seconds and the machine is shared,
 * but it stays well under a minute so that now+4m and now+5m remain distinguishable.
 */
export const slack = 20_000;

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an RFC 3339 date-time (fails the test on anything else). */
export function instant(value: unknown, label = "time"): number {
  expect(value, `${label} is an RFC 3339 date-time`).toMatch(rfc3339);
  const ms = Date.parse(value as string);
  expect(Number.isNaN(ms), `${label} parses`).toBe(false);
  return ms;
}

/** `value` is now + offsetMs, give or take `slack`. */
export function expectNear(value: unknown, offsetMs: number, label = "time"): number {
  const ms = instant(value, label);
  const expected = Date.now() + offsetMs;
  expect(Math.abs(ms - expected), `${label} ${value as string} is now${offsetMs >= 0 ? "+" : ""}${offsetMs / minute}m`).toBeLessThanOrEqual(slack);
  return ms;
}

/** `value` lies between now + fromMs and now + toMs (for times rounded to a boundary). */
export function expectWithin(value: unknown, fromMs: number, toMs: number, label = "time"): number {
  const ms = instant(value, label);
  const now = Date.now();
  expect(ms, `${label} ${value as string} not before now+${fromMs / minute}m`).toBeGreaterThanOrEqual(now + fromMs - slack);
  expect(ms, `${label} ${value as string} not after now+${toMs / minute}m`).toBeLessThanOrEqual(now + toMs + slack);
  return ms;
}

/** `later` is not before `earlier` (both RFC 3339). */
export function expectOrdered(earlier: unknown, later: unknown, label: string): void {
  expect(instant(later, label), `${label}: ${later as string} is not before ${earlier as string}`).toBeGreaterThanOrEqual(instant(earlier, label));
}

/** Money is exactly { amount, currency: "AED" } with a finite, non-negative amount. */
export function expectAed(money: unknown, amount?: number, label = "money"): number {
  expect(money, `${label} is amount + currency`).toEqual({ amount: expect.any(Number), currency: "AED" });
  const value = (money as { amount: number }).amount;
  expect(Number.isFinite(value) && value >= 0, `${label} amount ${value}`).toBe(true);
  if (amount !== undefined) expect(value, label).toBeCloseTo(amount, 2);
  return value;
}

/** A calendar date (YYYY-MM-DD) `days` from today, in UTC. */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * day).toISOString().slice(0, 10);
}
