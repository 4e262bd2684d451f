// Per-call forcing (`_meta["careem-mcp/scenario"]`) over all three transports, two clients at once,
// as parallel tests use it: each gets its own forced answers for three calls, then normal
// selection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCatalog, type TempCatalog } from "../transports/catalog.js";
import { allTransports, type Served } from "../transports/transports.js";
import { scenarioOf } from "./scenarioOf.js";

describe.each(allTransports)("per-call forcing over $name", (transport) => {
  let catalog: TempCatalog;
  let served: Served;
  beforeAll(async () => {
    catalog = copyCatalog();
    served = await transport.serve(catalog);
  });
  afterAll(async () => {
    await served?.stop();
    catalog?.remove();
  });

  it("two clients at once, each forced per call for three calls, then normal selection", async () => {
    const [a, b] = await Promise.all([served.connect(), served.connect()]);
    const call = (conn: typeof a, scenario?: string) =>
      conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" }, ...(scenario ? { _meta: { "careem-mcp/scenario": scenario } } : {}) });
    const inFlight = [0, 1, 2].flatMap(() => [call(a, "upstream-timeout"), call(b, "ride-not-found")]);
    const answers = (await Promise.all(inFlight)).map(scenarioOf);
    expect(answers).toEqual(["upstream-timeout", "ride-not-found", "upstream-timeout", "ride-not-found", "upstream-timeout", "ride-not-found"]);
    expect(scenarioOf(await call(a))).toBe("on-the-way");
    expect(scenarioOf(await call(b))).toBe("on-the-way");
    await a.close();
    await b.close();
  });

  it("an unknown name is an isError result listing the valid names; validation still first", async () => {
    const conn = await served.connect();
    const unknown = await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" }, _meta: { "careem-mcp/scenario": "nope" } });
    expect(unknown).toEqual({
      content: [{ type: "text", text: 'unknown scenario "nope" in _meta["careem-mcp/scenario"]; valid scenarios of track_ride: ride-not-found, upstream-timeout, backend-crash, on-the-way' }],
      isError: true,
    });
    const invalid = await conn.client.callTool({ name: "track_ride", arguments: {}, _meta: { "careem-mcp/scenario": "nope" } });
    expect((invalid.content as { text: string }[])[0]?.text).toMatch(/^validating "arguments": /);
    await conn.close();
  });
});
