// Distances on the earth. `distanceKm` is the haversine with the mean earth radius, as
// `$distanceKm` computes it for tool-file expressions (fares, zones, "near" of the rules);
// `greatCircleKm` is geokdbush's, the function its "nearest points" search ranks by, so a list
// the places and airport indexes sort by one agrees with the other. They differ by well under
// a metre per 100 km (radius 6371 against 6371.0088).
import { distance } from "geokdbush";
import type { Point } from "./call.js";

const EARTH_RADIUS_KM = 6371.0088;

function coordinate(point: Partial<Point> | undefined, key: "latitude" | "longitude"): number {
  const value = point?.[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`$distanceKm needs {latitude, longitude} numbers, got ${JSON.stringify(point ?? null)}`);
  return value;
}

export function distanceKm(a: Partial<Point> | undefined, b: Partial<Point> | undefined): number {
  const rad = Math.PI / 180;
  const lat1 = coordinate(a, "latitude") * rad;
  const lat2 = coordinate(b, "latitude") * rad;
  const dLat = lat2 - lat1;
  const dLon = (coordinate(b, "longitude") - coordinate(a, "longitude")) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km, as geokdbush ranks nearest points. */
export function greatCircleKm(a: LatLon, b: LatLon): number {
  return distance(a.lon, a.lat, b.lon, b.lat);
}

/** Initial great-circle heading from a to b, degrees clockwise from north (0-360). */
export function initialBearing(a: LatLon, b: LatLon): number {
  const dLon = rad(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(dLon);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}
