// One row per line of the placeholder table (docs/tool-files.md), plus the corner cases: typed
// values standing alone, text inside strings, missing arguments, time offsets, rounding and the
// Dubai formats.
import { describe, expect, it } from "vitest";
import { ordinal } from "../../src/base/dubaiTime.js";
import { render } from "../../src/template/render.js";
import { compileTemplate } from "../../src/template/template.js";
import type { Json, RandomSource } from "../../src/base/types.js";

// 2026-10-05T12:00:00Z, a Monday: the placeholder table's example instant (16:00 in Dubai).
const NOW = Date.parse("2026-10-05T12:00:00Z");
const clock = () => NOW;
const pinned: RandomSource = { int: (min) => min, uuid: () => "6f9619ff-8b86-4011-b42d-00cf4fc964ff" };

const args = { rideId: "ride_123", limit: 5, items: [{ sku: "milk", quantity: 2 }], location: { city: "Dubai" }, flag: false, nothing: null };

function run(template: string, a: Record<string, Json> = args, random = pinned, at = clock): Json {
  return render(compileTemplate(template), { args: a, clock: at, random });
}

type Row = [label: string, template: string, expected: Json];

const seedTable: Row[] = [
  ["{{args.rideId}} in a string", '{"v":"{{args.rideId}}"}', { v: "ride_123" }],
  ["{{args.items.0.quantity}} bare", '{"v":{{args.items.0.quantity}}}', { v: 2 }],
  ["missing argument bare is null", '{"v":{{args.nope}}}', { v: null }],
  ["{{now}}", '{"v":"{{now}}"}', { v: "2026-10-05T12:00:00Z" }],
  ["{{now+15m}}", '{"v":"{{now+15m}}"}', { v: "2026-10-05T12:15:00Z" }],
  ["{{now-2h}}", '{"v":"{{now-2h}}"}', { v: "2026-10-05T10:00:00Z" }],
  ["{{now+2h@20m}} rounds down after the offset", '{"v":"{{now+2h+7m@20m}}"}', { v: "2026-10-05T14:00:00Z" }],
  ["{{now+24h|date}} in Asia/Dubai", '{"v":"{{now+24h|date}}"}', { v: "2026-10-06" }],
  ["|weekday", '{"v":"{{now|weekday}}"}', { v: "Monday" }],
  ["|hhmm in Asia/Dubai", '{"v":"{{now|hhmm}}"}', { v: "16:00" }],
  ["|daylabel", '{"v":"{{now+4d|daylabel}}"}', { v: "Fri, 9th Oct" }],
  ["{{unix}}", '{"v":{{unix}}}', { v: 1791201600 }],
  ["{{unix+30m}}", '{"v":{{unix+30m}}}', { v: 1791203400 }],
  ["{{unixms}}", '{"v":{{unixms}}}', { v: 1791201600000 }],
  ["{{unixms+30m}}", '{"v":{{unixms+30m}}}', { v: 1791203400000 }],
  ["{{uuid}}", '{"v":"{{uuid}}"}', { v: "6f9619ff-8b86-4011-b42d-00cf4fc964ff" }],
  ["{{rand:1000-9999}}", '{"v":{{rand:1000-9999}}}', { v: 1000 }],
];

const corners: Row[] = [
  ["bare number argument stays a number", '{"count": {{args.limit}}}', { count: 5 }],
  ["number argument in a string becomes text", '{"v":"limit={{args.limit}}"}', { v: "limit=5" }],
  ["object argument bare stays an object", '{"v":{{args.location}}}', { v: { city: "Dubai" } }],
  ["object argument in a string is compact JSON", '{"v":"at {{args.location}}"}', { v: 'at {"city":"Dubai"}' }],
  ["missing argument in a string is empty", '{"v":"[{{args.nope}}]"}', { v: "[]" }],
  ["false argument bare", '{"v":{{args.flag}}}', { v: false }],
  ["path through a non-object is missing", '{"v":{{args.rideId.length}}}', { v: null }],
  ["quoted whole-string placeholder is text", '{"v":"{{args.limit}}"}', { v: "5" }],
  ["{{unix}} in a string is text", '{"v":"t{{unix}}"}', { v: "t1791201600" }],
  ["bare {{now}} is a string value", "[{{now}}]", ["2026-10-05T12:00:00Z"]],
  ["several placeholders in one string", '{"v":"{{args.rideId}} at {{now|hhmm}}"}', { v: "ride_123 at 16:00" }],
  ["@1d rounds to the UTC day", '{"v":"{{now@1d}}"}', { v: "2026-10-05T00:00:00Z" }],
  ["whitespace inside braces", '{"v":"{{ args.rideId }}"}', { v: "ride_123" }],
  ["|date crosses midnight in Dubai before UTC does", '{"v":"{{now+9h|date}}"}', { v: "2026-10-06" }],
];

describe("render: the placeholder table", () => {
  it.each(seedTable)("%s", (_label, template, expected) => {
    expect(run(template)).toEqual(expected);
  });
});

describe("render: corner cases", () => {
  it.each(corners)("%s", (_label, template, expected) => {
    expect(run(template)).toEqual(expected);
  });

  it.each([
    [1, "1st"], [2, "2nd"], [3, "3rd"], [4, "4th"], [11, "11th"], [12, "12th"], [13, "13th"],
    [21, "21st"], [22, "22nd"], [23, "23rd"], [31, "31st"], [111, "111th"], [101, "101st"],
  ])("|daylabel suffix for day %i is %s", (day, label) => {
    expect(ordinal(day)).toBe(label);
  });

  it("|daylabel for 1st, 2nd, 3rd, 11th, 12th, 13th, 21st and 22nd of a real month", () => {
    const base = Date.parse("2026-10-01T08:00:00Z"); // Thursday 1 Oct, noon in Dubai
    const label = (day: number) => run('{"v":"{{now|daylabel}}"}', {}, pinned, () => base + (day - 1) * 86_400_000);
    expect([1, 2, 3, 11, 12, 13, 21, 22].map((d) => (label(d) as { v: string }).v)).toEqual([
      "Thu, 1st Oct", "Fri, 2nd Oct", "Sat, 3rd Oct", "Sun, 11th Oct", "Mon, 12th Oct", "Tue, 13th Oct", "Wed, 21st Oct", "Thu, 22nd Oct",
    ]);
  });

  it("{{rand:a-b}} stays within its bounds with the real random source", async () => {
    const { systemRandom } = await import("../../src/engine/engine.js");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = (run('{"v":{{rand:3-7}}}', {}, systemRandom) as { v: number }).v;
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("{{uuid}} from the real source is a v4 UUID, new each call", async () => {
    const { systemRandom } = await import("../../src/engine/engine.js");
    const a = (run('{"v":"{{uuid}}"}', {}, systemRandom) as { v: string }).v;
    const b = (run('{"v":"{{uuid}}"}', {}, systemRandom) as { v: string }).v;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe("render: arguments are data, never structure", () => {
  const hostile = ['"}, "admin": true, "x": {"', "\\", "}}", "{{uuid}}", "{{args.secret}}", "__proto__", '{"__proto__":{"polluted":1}}'];

  it.each(hostile)("argument %j comes out as the same plain text", (value) => {
    const out = run('{"a":"{{args.v}}","b":"pre {{args.v}} post","c":{{args.v}}}', { v: value, secret: "s3cr3t" }) as Record<string, Json>;
    expect(Object.keys(out)).toEqual(["a", "b", "c"]);
    expect(out.a).toBe(value);
    expect(out.b).toBe(`pre ${value} post`);
    expect(out.c).toBe(value);
  });

  it("an argument named __proto__ is read as an own property, never the prototype", () => {
    const a = JSON.parse('{"__proto__":{"polluted":"yes"}}') as Record<string, Json>;
    expect(run('{"v":{{args.__proto__}}}', a)).toEqual({ v: { polluted: "yes" } });
    expect(run('{"v":{{args.constructor}}}', {})).toEqual({ v: null });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a template key "__proto__" stays an own data key', () => {
    const out = run('{"__proto__":{"x":"{{args.rideId}}"}}') as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"x":"ride_123"}}');
  });
});

describe("compileTemplate: template errors", () => {
  it.each([
    ['{"v":"{{nope}}"}', /unknown placeholder \{\{nope\}\}/],
    ['{"v":{{now+5x}}}', /unknown placeholder \{\{now\+5x\}\}/],
    ['{"v":"{{now|month}}"}', /unknown format \|month/],
    ['{"v":{{rand:9-1}}}', /low <= high/],
    ['{"v":"{{args.}}"}', /empty path segment/],
    ['{"v": {{args.x}', /unclosed placeholder/],
    ['{"v":"{{args.x"}', /unclosed placeholder/],
    ['{"v": 1,}', /invalid JSON/],
  ])("%s is refused", (template, message) => {
    expect(() => compileTemplate(template)).toThrow(message);
  });
});
