// Distances and headings on the earth's surface, for "how far" and "which way" between two
// points the world knows (airports, places). Distance is geokdbush's, the same function its
// "nearest points" search ranks by, so a list sorted by one agrees with the other.
import { distance } from "geokdbush";

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. */
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
