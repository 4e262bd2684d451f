import { describe, expect, it } from "vitest";
import { isOpenAt, openingAt } from "../../../tools/_world/lib/food/openingHours.js";
import type { OpeningHours } from "../../../tools/_world/lib/food/restaurant.js";

const every = (windows: [string, string][]): OpeningHours => ({
  sun: windows, mon: windows, tue: windows, wed: windows, thu: windows, fri: windows, sat: windows,
});
const at = (restaurant_id: string, opening_hours: OpeningHours) => ({ restaurant_id, opening_hours });
/** An instant given as Dubai local time (UTC+4, no daylight saving). */
const dubai = (local: string) => Date.parse(`${local}+04:00`);

describe("opening hours, in Dubai time from absolute instants", () => {
  const lunchAndDinner = at("rst_test_1", every([["12:00", "23:30"]]));

  it("at 13:00 Dubai time (09:00 UTC) a 12:00-23:30 kitchen is open, whatever the machine's zone", () => {
    expect(isOpenAt(lunchAndDinner, Date.parse("2026-12-07T09:00:00Z"))).toBe(true);
    expect(openingAt(lunchAndDinner, dubai("2026-12-07T13:00:00"))).toEqual({
      is_open: true,
      opens_at: null,
      closes_at: dubai("2026-12-07T23:30:00"),
    });
  });

  it("at 11:30 Dubai time it is closed and opens at noon; at 23:30 it has just closed until tomorrow", () => {
    expect(openingAt(lunchAndDinner, dubai("2026-12-07T11:30:00"))).toEqual({
      is_open: false,
      opens_at: dubai("2026-12-07T12:00:00"),
      closes_at: null,
    });
    expect(openingAt(lunchAndDinner, dubai("2026-12-07T23:30:00"))).toMatchObject({
      is_open: false,
      opens_at: dubai("2026-12-08T12:00:00"),
    });
  });

  it("a closing past midnight belongs to the day it opened: Thursday 18:00-03:00 is open at 02:00 on Friday", () => {
    const late: OpeningHours = { ...every([["18:00", "23:00"]]), thu: [["18:00", "03:00"]] };
    const kitchen = at("rst_test_2", late);
    // 2026-12-10 is a Thursday.
    expect(openingAt(kitchen, dubai("2026-12-11T02:00:00"))).toEqual({
      is_open: true,
      opens_at: null,
      closes_at: dubai("2026-12-11T03:00:00"),
    });
    expect(isOpenAt(kitchen, dubai("2026-12-11T03:00:00"))).toBe(false);
    // Wednesday's window ends at 23:00: at 02:00 on Thursday it is closed.
    expect(isOpenAt(kitchen, dubai("2026-12-10T02:00:00"))).toBe(false);
  });

  it("a closed day skips to the next day's opening", () => {
    const closedMonday: OpeningHours = { ...every([["12:00", "23:30"]]), mon: [] };
    const kitchen = at("rst_test_3", closedMonday);
    // 2026-12-07 is a Monday.
    expect(openingAt(kitchen, dubai("2026-12-07T13:00:00"))).toEqual({
      is_open: false,
      opens_at: dubai("2026-12-08T12:00:00"),
      closes_at: null,
    });
  });

  it("a split day (lunch, then dinner) is closed in between", () => {
    const kitchen = at("rst_test_4", every([["12:00", "15:30"], ["18:30", "23:30"]]));
    expect(openingAt(kitchen, dubai("2026-12-07T16:00:00"))).toEqual({
      is_open: false,
      opens_at: dubai("2026-12-07T18:30:00"),
      closes_at: null,
    });
  });

  it("a kitchen open around the clock is one window: open, and no closing in the coming week", () => {
    const kitchen = at("rst_test_5", every([["00:00", "24:00"]]));
    expect(openingAt(kitchen, dubai("2026-12-07T23:59:00"))).toEqual({ is_open: true, opens_at: null, closes_at: null });
  });

  it("a kitchen that never opens is closed with no next opening", () => {
    expect(openingAt(at("rst_test_6", every([])), dubai("2026-12-07T13:00:00"))).toEqual({
      is_open: false,
      opens_at: null,
      closes_at: null,
    });
  });

  it("a time that is not HH:MM is an error naming the restaurant and the fix", () => {
    expect(() => isOpenAt(at("rst_test_7", every([["9am", "23:00"]])), dubai("2026-12-07T13:00:00"))).toThrow(
      'rst_test_7: opening time "9am" is not HH:MM (00:00 to 24:00); write e.g. "09:30"',
    );
  });
});
