// Wall-clock times in any IANA time zone, summer time included, from the runtime's own time-zone
// database (Intl): about 6,300 airports in some 400 zones are too many for a hand-kept offset
// table. Pure: an instant in, a local date and time out.

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  localTime: string;
  timeZone: string;
}

export interface ZoneClock {
  /** Minutes east of UTC in a zone at an instant. */
  offsetMinutes(timeZone: string, epochMs: number): number;
  /** The instant of a local date and HH:MM wall-clock time in a zone. */
  instant(date: string, hhmm: string, timeZone: string): number;
  /** The local date and time of an instant in a zone. */
  local(epochMs: number, timeZone: string): LocalTime;
}

/**
 * A clock for zones. It keeps one Intl formatter per zone it has seen (building one costs about
 * a hundred times as much as using it); the world snapshot owns it, as it owns its indexes.
 */
export function createZoneClock(): ZoneClock {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string) => {
    let f = formatters.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
      formatters.set(timeZone, f);
    }
    return f;
  };
  // The zone's wall clock at an instant, read back as if it were UTC.
  const wallAsUtc = (timeZone: string, epochMs: number) => {
    const p: Record<string, number> = {};
    for (const part of formatter(timeZone).formatToParts(epochMs)) if (part.type !== "literal") p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  };
  const offsetMinutes = (timeZone: string, epochMs: number) => Math.round((wallAsUtc(timeZone, epochMs) - Math.floor(epochMs / 1000) * 1000) / 60000);
  return {
    offsetMinutes,
    instant(date, hhmm, timeZone) {
      const wall = Date.parse(`${date}T${hhmm}:00Z`);
      // The offset at the wall time read as UTC is right except within hours of a switch; a
      // second look at the instant that gives settles it.
      const first = wall - offsetMinutes(timeZone, wall) * 60000;
      return wall - offsetMinutes(timeZone, first) * 60000;
    },
    local(epochMs, timeZone) {
      const text = new Date(epochMs + offsetMinutes(timeZone, epochMs) * 60000).toISOString();
      return { date: text.slice(0, 10), localTime: text.slice(11, 16), timeZone };
    },
  };
}
