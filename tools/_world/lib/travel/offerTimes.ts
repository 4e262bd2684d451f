// An offer's departure and arrival as offer_search answers them (its `localTime` objects): the
// departure at the origin's wall clock on the search's date, the arrival at the destination's,
// summer time included at both ends.
import type { Airport } from "./airport.js";
import type { LocalTime, ZoneClock } from "./zoneClock.js";

export interface OfferTimes {
  departure: LocalTime;
  arrival: LocalTime;
  /** The departure instant (epoch ms), for sales close and validUntil. */
  leavesMs: number;
}

export function offerTimes(clock: ZoneClock, date: string, departs: string, durationMinutes: number, origin: Airport, destination: Airport): OfferTimes {
  const leavesMs = clock.instant(date, departs, origin.tz);
  return { departure: { date, localTime: departs, timeZone: origin.tz }, arrival: clock.local(leavesMs + durationMinutes * 60000, destination.tz), leavesMs };
}
