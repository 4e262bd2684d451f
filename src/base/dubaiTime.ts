// Time formatting for placeholders. Asia/Dubai has been UTC+4 with no daylight saving since
// 1970, so a fixed offset gives the same answer as the tz database without Intl's cost.
import { remembered } from "./remembered.js";

/** How a time placeholder is written: `{{now:date}}`, `{{now:weekday}}`, `{{now:hhmm}}`, `{{now:daylabel}}`. */
export type TimeFormat = "date" | "weekday" | "hhmm" | "daylabel";

const DUBAI_OFFSET_MS = 4 * 3_600_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (n: number) => String(n).padStart(2, "0");

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st. */
export function ordinal(day: number): string {
  const teens = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teens ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th";
  return `${day}${suffix}`;
}

/** Date.parse of `text` (NaN where it is no instant): a call reads the same few instants (a ride's time line) several times. */
export const parsedInstant: (text: string) => number = remembered(256, (text: string) => Date.parse(text));

/** `2026-10-05T12:00:00Z`: UTC, no milliseconds. A response renders several instants per call, each whole seconds. */
export const isoUtc: (ms: number) => string = remembered(64, (ms: number) => formatIsoUtc(ms));

function formatIsoUtc(ms: number): string {
  const iso = new Date(ms).toISOString();
  // `YYYY-MM-DDTHH:mm:ss.sssZ`; years past 9999 print longer and take the general path.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, "Z");
}

export function formatDubai(ms: number, format: TimeFormat): string {
  const d = new Date(ms + DUBAI_OFFSET_MS); // read with UTC getters = Dubai wall clock
  switch (format) {
    case "date":
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    case "weekday":
      return WEEKDAYS[d.getUTCDay()] as string;
    case "hhmm":
      return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    case "daylabel":
      return `${(WEEKDAYS[d.getUTCDay()] as string).slice(0, 3)}, ${ordinal(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]}`;
  }
}
