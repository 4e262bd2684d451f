// Local times at any airport from the runtime's time-zone database: what an offer's departure
// and arrival show once a route can join any two of some 400 zones.
import { describe, expect, it } from "vitest";
import type { Airport } from "../../../tools/_world/lib/travel/airport.js";
import { offerTimes } from "../../../tools/_world/lib/travel/offerTimes.js";
import { createZoneClock } from "../../../tools/_world/lib/travel/zoneClock.js";

const clock = createZoneClock();

describe("wall-clock times in any zone", () => {
  it.each([
    ["Asia/Dubai", "2027-01-15T12:00:00Z", 240],
    ["Europe/London", "2027-01-15T12:00:00Z", 0],
    ["Europe/London", "2027-07-15T12:00:00Z", 60],
    ["America/New_York", "2027-07-15T12:00:00Z", -240],
    ["Asia/Kolkata", "2027-01-15T12:00:00Z", 330],
    ["Asia/Kathmandu", "2027-01-15T12:00:00Z", 345],
    ["Australia/Sydney", "2027-01-15T12:00:00Z", 660],
  ])("%s at %s is %d minutes east of UTC", (zone, iso, minutes) => {
    expect(clock.offsetMinutes(zone, Date.parse(iso))).toBe(minutes);
  });

  it("turns a local departure into an instant and an arrival into the destination's local time", () => {
    // travel.md's own example: DXB 20:30 + 7 h 50 arrives at LHR at 00:20 the next day in winter.
    const leaves = clock.instant("2027-01-15", "20:30", "Asia/Dubai");
    expect(new Date(leaves).toISOString()).toBe("2027-01-15T16:30:00.000Z");
    expect(clock.local(leaves + 470 * 60000, "Europe/London")).toEqual({ date: "2027-01-16", localTime: "00:20", timeZone: "Europe/London" });
    // In summer London is an hour ahead of UTC.
    expect(clock.local(clock.instant("2027-07-15", "20:30", "Asia/Dubai") + 470 * 60000, "Europe/London").localTime).toBe("01:20");
  });

  it("reads a wall time on the day summer time starts with the day's offset", () => {
    // 2027-03-28: London moves to +01:00 at 01:00 UTC; 09:00 local is 08:00 UTC.
    expect(new Date(clock.instant("2027-03-28", "09:00", "Europe/London")).toISOString()).toBe("2027-03-28T08:00:00.000Z");
    expect(new Date(clock.instant("2027-03-27", "09:00", "Europe/London")).toISOString()).toBe("2027-03-27T09:00:00.000Z");
  });
});

describe("an offer's local times", () => {
  it("shows a planned flight's arrival in the destination's zone", () => {
    const dxb = { iata: "DXB", tz: "Asia/Dubai" } as Airport;
    const syd = { iata: "SYD", tz: "Australia/Sydney" } as Airport;
    // 09:00 in Dubai (05:00 UTC) + 14 h 15 is 19:15 UTC, 06:15 the next morning in Sydney (+11 in January).
    expect(offerTimes(clock, "2027-01-15", "09:00", 855, dxb, syd)).toEqual({
      departure: { date: "2027-01-15", localTime: "09:00", timeZone: "Asia/Dubai" },
      arrival: { date: "2027-01-16", localTime: "06:15", timeZone: "Australia/Sydney" },
      leavesMs: Date.parse("2027-01-15T05:00:00Z"),
    });
  });
});
