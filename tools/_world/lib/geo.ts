// Distances on the earth, for fares, zones and "near": the great-circle (haversine) distance
// with the mean earth radius, as `$distanceKm` computes it for tool-file expressions.
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
