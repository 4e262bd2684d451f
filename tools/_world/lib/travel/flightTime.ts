// How long a flight takes, from the great-circle distance: jets cruise about 860 km/h, the jet
// stream speeds eastbound flights and slows westbound ones, and taxiing, climb and descent add
// about three quarters of an hour. Checked against timetables: DXB-LHR 7 h 20 (EK 7 h 40-8 h),
// DXB-JFK 13 h 55 (EK 14 h 5), DXB-SYD 14 h 15 (EK 13 h 50-14 h 30), AUH-MAN 7 h 35 (EY 7 h 45),
// DXB-MCT 1 h 10 (1 h 10), LHR-DXB 6 h 50 (EK 6 h 40-7 h).
import { greatCircleKm, initialBearing, type LatLon } from "../geo.js";

const CRUISE_KMH = 860;
const JET_STREAM_KMH = 40;
const GROUND_MINUTES = 45;

/** Block time of a nonstop flight from a to b, in minutes, rounded to 5. */
export function flightMinutes(a: LatLon, b: LatLon): number {
  const km = greatCircleKm(a, b);
  // The eastward share of the heading: +1 due east (tailwind), -1 due west (headwind).
  const east = Math.sin((initialBearing(a, b) * Math.PI) / 180);
  const speed = CRUISE_KMH + JET_STREAM_KMH * east;
  return Math.round((GROUND_MINUTES + (km / speed) * 60) / 5) * 5;
}
