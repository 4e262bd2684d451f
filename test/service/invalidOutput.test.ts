// A scenario whose answer breaks its outputSchema is never sent as a result: a strict client
// gets go-sdk's JSON-RPC error (code 0, the Go validator's words), over HTTP and stdio alike,
// and the same session goes on serving.
import path from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { projectRoot } from "../journeys/server.js";
import { overBothTransports } from "./harness.js";

const broken = path.join(projectRoot, "test", "fixtures", "broken", "tools");

overBothTransports(
  "an answer that breaks its outputSchema",
  (journey) => {
    journey("is answered with go-sdk's error, not the invalid result", async (s) => {
      const failure = await s.call("output_mismatch", { rideId: "x" }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(McpError);
      expect((failure as McpError).code).toBe(0);
      expect((failure as McpError).message).toBe('MCP error 0: validating tool output: validating root: validating /properties/success: type: yes has type "string", want "boolean"');
      expect(await s.call("output_mismatch", { rideId: "fine" })).toEqual({ success: true });
    });
  },
  broken,
);
