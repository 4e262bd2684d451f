// One list of black-box cases, run over streamable HTTP, SSE and stdio with the real SDK client,
// so no transport can drift from the others unseen.
// Each asserts what the server put on the wire, in production's exact words.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { CallToolResultSchema, EmptyResultSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { addedFixture, definitionsIn, type TempCatalog } from "./catalog.js";
import type { Connection, Served, ServeOptions } from "./transports.js";

export interface CaseContext {
  conn: Connection;
  served: Served;
  catalog: TempCatalog;
}

export interface Case {
  name: string;
  /** How the case's server is started, where not as by default. */
  serve?: ServeOptions;
  run(ctx: CaseContext): Promise<void>;
}

const wire = (value: unknown) => JSON.stringify(value);
/** Go's encoding/json writes map keys sorted, at every depth (a _meta map, a re-marshalled output). */
const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sorted) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
const isListChanged = (m: JSONRPCMessage) => "method" in m && m.method === "notifications/tools/list_changed";

function resultOf(message: JSONRPCMessage): unknown {
  expect(message).toHaveProperty("result");
  return (message as { result: unknown }).result;
}

async function callRaw(conn: Connection, name: string, args?: unknown): Promise<unknown> {
  await conn.client.callTool({ name, arguments: args as Record<string, unknown> | undefined });
  return resultOf(conn.lastResponse());
}

/** `./careem-mcp.sh scenario ...` (the real command line, in process) on the test's own catalog and run dir. */
export async function scenarioCli(catalog: TempCatalog, ...args: string[]): Promise<string> {
  const run = await runCliInProcess("scenario", ...args, "--tools", catalog.dir, "--run-dir", catalog.runDir);
  if (run.status !== 0) throw new Error(`scenario ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

const textResult = (text: string, isError: boolean) => ({ content: [{ type: "text", text }], isError });

// Production's widget resource as the service's description gives it
// (test/fixtures/widget-resource.json), shared with scripts/conformance.mjs.
const widget = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../fixtures/widget-resource.json"), "utf8")) as {
  resource: { _meta: unknown } & Record<string, unknown>;
  html: string;
};
const widgetMeta = widget.resource._meta;
const widgetHtml = widget.html;

const offerArgs = { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2026-10-09" };

export const cases: Case[] = [
  {
    // Field order as the go-sdk's InitializeResult and ServerCapabilities structs marshal (parity twin).
    name: "initialize answers exactly as production: capabilities, serverInfo, no title or instructions, in the go-sdk's field order",
    async run({ conn }) {
      const init = conn.wire.received.find((m) => "id" in m && m.id === 0);
      expect(wire(resultOf(init!))).toBe(
        '{"capabilities":{"logging":{},"resources":{"listChanged":true},"tools":{"listChanged":true}},"protocolVersion":"2025-11-25",' +
          '"serverInfo":{"name":"careem-mcp-service","version":"v1.0.0"}}',
      );
    },
  },
  {
    // The go-sdk re-marshals each definition (measured by the parity twin): mcp.Tool's
    // field order, jsonschema-go's keyword order (type, properties first), Go's omitempty drops
    // a false readOnlyHint or idempotentHint. Same content otherwise, sorted by name.
    name: "tools/list returns every file's json tool block sorted by name, re-marshalled as the go-sdk does",
    async run({ conn, catalog }) {
      await conn.client.listTools();
      const { tools } = resultOf(conn.lastResponse()) as { tools: Record<string, unknown>[] };
      const defs = definitionsIn(catalog.dir) as Record<string, unknown>[];
      const goOrder = ["_meta", "annotations", "description", "inputSchema", "name", "outputSchema", "title"];
      expect(tools.map((t) => t.name)).toEqual(defs.map((d) => d.name));
      tools.forEach((tool, i) => {
        const def = defs[i] as Record<string, unknown>;
        expect(Object.keys(tool)).toEqual(goOrder.filter((k) => k in def));
        expect(Object.keys(tool.inputSchema as object).slice(0, 2)).toEqual(["type", "properties"]);
        const annotations = def.annotations as Record<string, unknown> | undefined;
        const kept = annotations && Object.fromEntries(Object.entries(annotations).filter(([k, v]) => !((k === "readOnlyHint" || k === "idempotentHint") && v === false)));
        expect(tool).toEqual(kept ? { ...def, annotations: kept } : def);
      });
    },
  },
  {
    name: "a success is Go-encoded JSON text plus the same structuredContent, isError false",
    async run({ conn }) {
      // Keys sorted: with an outputSchema the go-sdk re-marshals the output through a Go map;
      // isError false is omitted (omitempty). Both measured by the parity twin.
      const out = { note: "Pickup at <Gate 2> & DIFC", rideId: "ride_1", status: "CAPTAIN_ON_THE_WAY", success: true };
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_1" }))).toBe(
        wire({
          content: [{ type: "text", text: '{"note":"Pickup at \\u003cGate 2\\u003e \\u0026 DIFC","rideId":"ride_1","status":"CAPTAIN_ON_THE_WAY","success":true}' }],
          structuredContent: out,
        }),
      );
    },
  },
  {
    name: "a business failure is a normal result with an error field and isError false",
    async run({ conn }) {
      const out = { error: "RIDE_NOT_FOUND: Ride ride_missing_7 not found", rideId: "ride_missing_7", success: false };
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_missing_7" }))).toBe(
        wire({ content: [{ type: "text", text: wire(out) }], structuredContent: out }),
      );
    },
  },
  {
    name: "a json error block that is a string answers isError true with that text and no structuredContent",
    async run({ conn }) {
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_timeout" }))).toBe(
        wire(textResult("upstream timeout: rides-service did not answer within 10s", true)),
      );
    },
  },
  {
    name: "a json error block that is an object answers its compact Go-encoded JSON",
    async run({ conn }) {
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_crash" }))).toBe(
        wire(textResult('{"code":"INTERNAL","detail":"rides \\u003cbackend\\u003e \\u0026 friends"}', true)),
      );
    },
  },
  {
    name: "argument validation failures are isError results worded as the Go validator words them",
    async run({ conn }) {
      const table: [string, unknown, string][] = [
        ["track_ride", undefined, 'validating root: required: missing properties: ["rideId"]'],
        ["offer_search", { destination: offerArgs.destination, departureDate: "2026-10-09" }, 'validating root: required: missing properties: ["origin"]'],
        ["offer_search", { ...offerArgs, bogus: 1 }, 'validating root: unexpected additional properties ["bogus"]'],
        ["offer_search", { ...offerArgs, limit: "five" }, 'validating root: validating /properties/limit: type: five has type "string", want "integer"'],
        [
          "offer_search",
          { ...offerArgs, origin: { scheme: "XYZ", code: "DXB" } },
          "validating root: validating /properties/origin: validating /$defs/location: validating /$defs/location/properties/scheme: enum: XYZ does not equal any of: [IATA UIC GTFS_STOP_ID]",
        ],
        ["track_ride", [], 'unmarshaling arguments: json: cannot unmarshal "[]" into Go value of type map[string]interface {}'],
      ];
      for (const [tool, args, reason] of table) {
        expect(wire(await callRaw(conn, tool, args)), `${tool} ${wire(args)}`).toBe(wire(textResult(`validating "arguments": ${reason}`, true)));
      }
    },
  },
  {
    name: 'null arguments count as {} (validated, not rejected by the SDK)',
    async run({ conn }) {
      await conn.client.request({ method: "tools/call", params: { name: "track_ride", arguments: null } } as never, CallToolResultSchema);
      expect(wire(resultOf(conn.lastResponse()))).toBe(
        wire(textResult('validating "arguments": validating root: required: missing properties: ["rideId"]', true)),
      );
    },
  },
  {
    name: 'an unknown tool is JSON-RPC error -32602 `unknown tool "<name>"`, no prefix',
    async run({ conn }) {
      await expect(conn.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow('unknown tool "no_such_tool"');
      const response = conn.lastResponse() as { error?: unknown };
      expect(wire(response.error)).toBe(wire({ code: -32602, message: 'unknown tool "no_such_tool"' }));
    },
  },
  {
    name: "resources/list and resources/read serve ui://careem-mcp-app exactly as production's resource (the fixture) has them",
    async run({ conn }) {
      await conn.client.listResources();
      // mcp.Resource's field order and its _meta map sorted, as the go-sdk marshals them.
      const { _meta, ...fields } = widget.resource;
      expect(wire(resultOf(conn.lastResponse()))).toBe(wire({ resources: [{ _meta: sorted(_meta), ...sorted(fields) as object }] }));
      await conn.client.readResource({ uri: "ui://careem-mcp-app" });
      expect(wire(resultOf(conn.lastResponse()))).toBe(
        wire({ contents: [{ uri: "ui://careem-mcp-app", mimeType: "text/html;profile=mcp-app", text: widgetHtml, _meta: sorted(widgetMeta) }] }),
      );
    },
  },
  {
    // The go-sdk's answers, measured by the parity twin: a missing uri is the empty uri; any
    // level string is taken; prompts/list answers an empty list.
    name: "bad params are JSON-RPC errors in the go-sdk's words: -32002 for an unknown resource, -32601 for completion",
    async run({ conn }) {
      const table: [string, Record<string, unknown>, unknown][] = [
        ["resources/read", {}, { code: -32002, message: "Resource not found", data: { uri: "" } }],
        ["resources/read", { uri: "ui://nope" }, { code: -32002, message: "Resource not found", data: { uri: "ui://nope" } }],
        ["completion/complete", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } }, { code: -32601, message: 'method not found: "completion/complete"' }],
      ];
      await conn.client.request({ method: "logging/setLevel", params: { level: "loud" } } as never, EmptyResultSchema);
      expect(wire(resultOf(conn.lastResponse()))).toBe("{}");
      await conn.client.request({ method: "prompts/list", params: {} } as never, EmptyResultSchema.passthrough());
      expect(wire(resultOf(conn.lastResponse()))).toBe('{"prompts":[]}');
      for (const [method, params, error] of table) {
        await expect(conn.client.request({ method, params } as never, EmptyResultSchema)).rejects.toThrow();
        expect(wire((conn.lastResponse() as { error?: unknown }).error), method).toBe(wire(error));
      }
    },
  },
  {
    name: "a scenario forced with the CLI answers, and nothing about forcing reaches the client",
    async run({ conn, served, catalog }) {
      const natural = await callRaw(conn, "track_ride", { rideId: "ride_timeout" });
      const receivedBefore = conn.wire.received.length;
      await scenarioCli(catalog, "track_ride", "upstream-timeout");
      const forced = await callRaw(conn, "track_ride", { rideId: "ride_1" });
      expect(wire(forced)).toBe(wire(natural));
      // Exactly one message came back for the forced call: its response, and nothing else.
      expect(conn.wire.received.length).toBe(receivedBefore + 1);
      await expect.poll(() => served.log()).toContain("scenario=forced:upstream-timeout");
      await scenarioCli(catalog, "track_ride", "--clear");
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_1" }))).toContain("CAPTAIN_ON_THE_WAY");
    },
  },
  {
    name: "an edited file answers differently on the next call, with no restart",
    async run({ conn, catalog }) {
      const file = catalog.file("rides/track_ride.md");
      expect(wire(await callRaw(conn, "track_ride", { rideId: "ride_1" }))).toContain("CAPTAIN_ON_THE_WAY");
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"status": "CAPTAIN_ON_THE_WAY"', '"status": "CAPTAIN_ARRIVED"'));
      const after = (await callRaw(conn, "track_ride", { rideId: "ride_1" })) as { structuredContent: { status: string } };
      expect(after.structuredContent.status).toBe("CAPTAIN_ARRIVED");
    },
  },
  {
    name: "a new tool file sends notifications/tools/list_changed with params {} to every session, and is callable at once",
    async run({ conn, served, catalog }) {
      const other = await served.connect();
      try {
        // Let the streams that carry server notifications open before the file appears.
        await Promise.all([conn.client.ping(), other.client.ping()]);
        fs.copyFileSync(path.join(addedFixture, "rate_ride.md"), catalog.file("rides/rate_ride.md"));
        for (const c of [conn, other]) {
          const note = await c.wire.waitFor(isListChanged, 10_000);
          expect(note).toMatchObject({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: {} });
          expect(Object.keys((note as { params: object }).params)).toEqual([]);
        }
      } finally {
        await other.close();
      }
      const { tools } = await conn.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["offer_search", "rate_ride", "track_ride"]);
      const out = (await callRaw(conn, "rate_ride", { rideId: "ride_1", stars: 5 })) as { structuredContent: unknown };
      expect(out.structuredContent).toEqual({ success: true, message: "Thanks for rating ride ride_1" });
    },
  },
  {
    name: "a deleted tool file sends notifications/tools/list_changed, and the tool is unknown at once",
    async run({ conn, catalog }) {
      await conn.client.ping();
      fs.rmSync(catalog.file("travel/offer_search.md"));
      await conn.wire.waitFor(isListChanged, 10_000);
      expect((await conn.client.listTools()).tools.map((t) => t.name)).toEqual(["track_ride"]);
      await expect(conn.client.callTool({ name: "offer_search", arguments: {} })).rejects.toThrow('unknown tool "offer_search"');
    },
  },
  {
    name: "at logging level debug a call sends no log notification, as production",
    async run({ conn }) {
      const isLog = (m: JSONRPCMessage) => "method" in m && m.method === "notifications/message";
      expect(await conn.client.setLoggingLevel("debug")).toEqual({});
      await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_1" } });
      await conn.client.ping();
      expect(conn.wire.received.filter(isLog)).toEqual([]);
    },
  },
  {
    name: "with --scenario-log, at logging level debug each call sends notifications/message naming the tool and scenario",
    serve: { scenarioLog: true },
    async run({ conn }) {
      const isLog = (m: JSONRPCMessage) => "method" in m && m.method === "notifications/message";
      await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_1" } });
      expect(conn.wire.received.filter(isLog)).toEqual([]);
      expect(await conn.client.setLoggingLevel("debug")).toEqual({});
      await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_1" } });
      const note = (await conn.wire.waitFor(isLog)) as unknown as { params: { level: string; data: string } };
      expect(note.params.level).toBe("debug");
      expect(note.params.data).toContain("track_ride");
      expect(note.params.data).toContain("ride-not-found");
      await conn.client.setLoggingLevel("info");
      await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" } });
      expect(conn.wire.received.filter(isLog)).toHaveLength(1);
    },
  },
  {
    name: "every call is one log line: transport, session, tool, scenario, duration, isError",
    async run({ conn, served }) {
      await conn.client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_1" } });
      await expect
        .poll(() => served.log())
        .toMatch(/call transport=(http|sse|stdio) session=\S+ tool="track_ride" scenario=ride-not-found duration=\d+\.\dms isError=false/);
    },
  },
];
