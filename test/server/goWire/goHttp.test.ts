import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { baseMediaType, refuseBeforeBody } from "../../../src/server/goWire/goHttp.js";
import { baseProfile } from "../../../src/server/profiles/profiles.js";

// A request as refuseBeforeBody reads it: method and headers only.
const post = (headers: Record<string, string | undefined>) => ({ method: "POST", headers: { host: "127.0.0.1", ...headers } }) as unknown as IncomingMessage;
const refusal = (contentType: string | undefined, accept: string | undefined) => refuseBeforeBody(post({ "content-type": contentType, accept }), () => true, () => false, baseProfile)?.status ?? "ok";

describe("the checks before the body keep the last header they read, and answer each value for itself", () => {
  // [Content-Type, Accept, answer]: run in this order, each row after one with another value.
  const rows: [string | undefined, string | undefined, number | "ok"][] = [
    ["application/json", "application/json, text/event-stream", "ok"],
    ["text/plain", "application/json, text/event-stream", 415],
    ["application/json", "application/json, text/event-stream", "ok"],
    ["application/json", "application/json", 400],
    ["application/json", "application/json, text/event-stream", "ok"],
    ["application/json", "text/event-stream", 400],
    ["application/json", "*/*", "ok"],
    ["application/json", undefined, 400],
    ["application/json; charset=utf-8", "application/*, text/*", "ok"],
    [undefined, "*/*", 415],
    ["application/json; charset=utf-8", "*/*", "ok"],
  ];
  it("in a row, in order, twice over", () => {
    const answers = [...rows, ...rows].map(([type, accept]) => refusal(type, accept));
    expect(answers).toEqual([...rows, ...rows].map((r) => r[2]));
  });

  it.each([
    ["application/json", "application/json"],
    ["Application/JSON ; charset=utf-8", "application/json"],
    ["application json", ""],
    ["application/json", "application/json"],
    ["", ""],
    ["text/event-stream", "text/event-stream"],
  ])("baseMediaType(%j) is %j", (value, base) => {
    expect(baseMediaType(value)).toBe(base);
  });
});
