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
 * The restaurant's windows as instants, from the Dubai day before `instantMs` to `days` days
 * after, merged where one ends as the next begins (a 24-hour kitchen is one long window).
 */
function windowsAround(hours: OpeningHours, restaurantId: string, instantMs: number, days: number): [number, number][] {
  const localMidnight = Math.floor((instantMs + DUBAI_OFFSET_MS) / DAY_MS) * DAY_MS - DUBAI_OFFSET_MS;
  const windows: [number, number][] = [];
  for (let day = -1; day <= days; day++) {
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
  // Today and tomorrow settle almost every restaurant (a search asks this of each one it lists);
  // a window reaching past them, or none opening in them, needs the whole week.
  return settle(restaurant, instantMs, 1) ?? (settle(restaurant, instantMs, 7) as Opening);
}

/** The opening from `days` days of windows, or nothing when those days cannot tell. */
function settle(restaurant: Pick<Restaurant, "restaurant_id" | "opening_hours">, instantMs: number, days: number): Opening | undefined {
  const windows = windowsAround(restaurant.opening_hours, restaurant.restaurant_id, instantMs, days);
  const localMidnight = Math.floor((instantMs + DUBAI_OFFSET_MS) / DAY_MS) * DAY_MS - DUBAI_OFFSET_MS;
  // The last day's windows may run on into the day after, which was not read: only an end
  // before the last day's midnight is known to be the end.
  const known = localMidnight + days * DAY_MS;
  const week = days >= 7;
  const current = windows.find(([start, end]) => start <= instantMs && instantMs < end);
  if (current) {
    if (current[1] < known) return { is_open: true, opens_at: null, closes_at: current[1] };
    return week ? { is_open: true, opens_at: null, closes_at: null } : undefined;
  }
  const next = windows.find(([start]) => start > instantMs);
  if (next) return { is_open: false, opens_at: next[0], closes_at: null };
  return week ? { is_open: false, opens_at: null, closes_at: null } : undefined;
}

/** Whether the restaurant takes orders at the instant (Dubai local time). */
export function isOpenAt(restaurant: Pick<Restaurant, "restaurant_id" | "opening_hours">, instantMs: number): boolean {
  return openingAt(restaurant, instantMs).is_open;
}
