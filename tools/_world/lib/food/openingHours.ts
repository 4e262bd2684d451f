import type { OpeningHours, Restaurant, Weekday } from "./restaurant.js";

// Dubai keeps UTC+4 all year (no daylight saving), so a local time is the instant plus 4 hours.
const DUBAI_OFFSET_MS = 4 * 3_600_000;
const DAY_MS = 86_400_000;
const WEEKDAYS: readonly Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** Where a restaurant stands at an instant. Times are instants in milliseconds. */
export interface Opening {
  is_open: boolean;
  /** When closed: the next opening (null when it never opens in the coming week). */
  opens_at: number | null;
  /** When open: when the current opening ends (null when it does not end in the coming week). */
  closes_at: number | null;
}

/** Minutes after midnight of "HH:MM" ("24:00" is 1440); a clear error for anything else. */
function minutes(time: string, restaurantId: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match || (match[1] === "24" && match[2] !== "00")) {
    throw new Error(`${restaurantId}: opening time "${time}" is not HH:MM (00:00 to 24:00); write e.g. "09:30"`);
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The restaurant's windows as instants, from the Dubai day before `instantMs` to a week after,
 * merged where one ends as the next begins (a 24-hour kitchen is one long window).
 */
function windowsAround(hours: OpeningHours, restaurantId: string, instantMs: number): [number, number][] {
  const localMidnight = Math.floor((instantMs + DUBAI_OFFSET_MS) / DAY_MS) * DAY_MS - DUBAI_OFFSET_MS;
  const windows: [number, number][] = [];
  for (let day = -1; day <= 7; day++) {
    const midnight = localMidnight + day * DAY_MS;
    const weekday = WEEKDAYS[new Date(midnight + DUBAI_OFFSET_MS).getUTCDay()] as Weekday;
    for (const [from, to] of hours[weekday] ?? []) {
      const start = minutes(from, restaurantId);
      let end = minutes(to, restaurantId);
      if (end <= start) end += 1440; // past midnight: ends the next day
      windows.push([midnight + start * 60_000, midnight + end * 60_000]);
    }
  }
  windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const w of windows) {
    const last = merged[merged.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else merged.push([w[0], w[1]]);
  }
  return merged;
}

/** Whether the restaurant is open at the instant, and when that changes, in Dubai time. */
export function openingAt(restaurant: Pick<Restaurant, "restaurant_id" | "opening_hours">, instantMs: number): Opening {
  const windows = windowsAround(restaurant.opening_hours, restaurant.restaurant_id, instantMs);
  const horizon = instantMs + 7 * DAY_MS;
  const current = windows.find(([start, end]) => start <= instantMs && instantMs < end);
  if (current) return { is_open: true, opens_at: null, closes_at: current[1] >= horizon ? null : current[1] };
  const next = windows.find(([start]) => start > instantMs);
  return { is_open: false, opens_at: next ? next[0] : null, closes_at: null };
}

/** Whether the restaurant takes orders at the instant (Dubai local time). */
export function isOpenAt(restaurant: Pick<Restaurant, "restaurant_id" | "opening_hours">, instantMs: number): boolean {
  return openingAt(restaurant, instantMs).is_open;
}
