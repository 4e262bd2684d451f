// Functions every world function and tool-file expression may call beyond JSONata's own. They
// are generic (geometry, ids, time), never about one domain: domain rules live in the catalog's
// world files, where users can read and copy them. Time and randomness come from the call.
import type { Clock, RandomSource } from "../base/types.js";
import { isoUtc, parsedInstant } from "../base/dubaiTime.js";

const EARTH_RADIUS_KM = 6371.0088;

interface Point {
  latitude?: unknown;
  longitude?: unknown;
}

function coordinate(point: Point | undefined, key: "latitude" | "longitude"): number {
  const value = point?.[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`$distanceKm needs {latitude, longitude} numbers, got ${JSON.stringify(point ?? null)}`);
  return value;
}

/** Great-circle distance (haversine): JSONata has no trigonometry, so ride fares need this. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const lat1 = coordinate(a, "latitude") * rad;
  const lat2 = coordinate(b, "latitude") * rad;
  const dLat = lat2 - lat1;
  const dLon = (coordinate(b, "longitude") - coordinate(a, "longitude")) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Ids the service creates: 8 digits after the prefix. Fixture ids in the world use 6 digits or
 * words, so a created id can never equal a fixture's id, and digits never spell a trigger word.
 */
export function newId(random: RandomSource, prefix: unknown): string {
  if (typeof prefix !== "string" || !/^[a-z][a-z0-9]*$/.test(prefix)) throw new Error(`$newId needs a lower-case prefix such as "ord", got ${JSON.stringify(prefix)}`);
  return `${prefix}_${random.int(10_000_000, 99_999_999)}`;
}

/** Seconds from `iso` to the call's now: how long ago something happened (negative: ahead). */
export function secondsSince(clock: Clock, iso: unknown): number | undefined {
  if (typeof iso !== "string") return undefined;
  const at = parsedInstant(iso);
  if (Number.isNaN(at)) return undefined;
  return Math.floor((clock() - at) / 1000);
}

/** An instant in milliseconds as `{{now}}` writes it (UTC, whole seconds). */
export function iso(ms: unknown): string | undefined {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return undefined;
  return isoUtc(Math.floor(ms / 1000) * 1000);
}

export const BUILTIN_NAMES = ["distanceKm", "newId", "secondsSince", "iso"] as const;

/** The built-ins, with $now and $millis, as JSONata bindings for a clock and randomness. */
export function builtinBindings(clock: Clock, random: RandomSource): Record<string, unknown> {
  return {
    // $now and $millis read the injected clock, never the machine's, so tests can pin them.
    now: () => iso(clock()),
    millis: () => clock(),
    distanceKm: (a: Point, b: Point) => distanceKm(a, b),
    newId: (prefix: unknown) => newId(random, prefix),
    secondsSince: (at: unknown) => secondsSince(clock, at),
    iso: (ms: unknown) => iso(ms),
  };
}
