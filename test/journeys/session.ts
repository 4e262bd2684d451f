// A model's side of the conversation: the real SDK client over streamable HTTP, plus the checks
// every single tool answer must pass wherever it appears in a journey.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect } from "vitest";
import { startServer, type RunningServer } from "./server.js";
import { sharedValidator } from "./sharedValidator.js";

/**
 * A tool's structuredContent. The SDK client has already validated it against the tool's
 * outputSchema (listTools caches the validators), so journeys read fields without casts.
 */
export type Out = Record<string, any>;

export interface Session {
  /** A tool call that must succeed at the protocol level; returns its structuredContent. */
  call(name: string, args: Record<string, unknown>): Promise<Out>;
  /** A tool call that must be a hard failure (isError: true); returns its text. */
  callFailing(name: string, args: Record<string, unknown>): Promise<string>;
  toolNames: string[];
}

async function rawCall(client: Client, listed: string[], name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  // A model only calls what tools/list offered it.
  expect(listed, `${name} is listed by tools/list`).toContain(name);
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function onlyText(result: CallToolResult, name: string): string {
  expect(result.content, `${name}: content`).toHaveLength(1);
  const [item] = result.content;
  expect(item?.type, `${name}: content type`).toBe("text");
  return item?.type === "text" ? item.text : "";
}

async function open(url: URL): Promise<{ session: Session; close: () => Promise<void> }> {
  return openOver(new StreamableHTTPClientTransport(url));
}

/** A journey session over any client transport (streamable HTTP, stdio). */
export async function openOver(transport: Transport): Promise<{ session: Session; close: () => Promise<void> }> {
  const client = new Client({ name: "careem-journey-tests", version: "1.0.0" }, { jsonSchemaValidator: sharedValidator });
  await client.connect(transport);
  // Like a model host: list first, which also arms the client's outputSchema validation.
  const { tools } = await client.listTools();

  const session: Session = {
    toolNames: tools.map((t) => t.name),
    async call(name, args) {
      const result = await rawCall(client, session.toolNames, name, args);
      const text = onlyText(result, name);
      expect(result.isError ?? false, `${name} answered isError: ${text}`).toBe(false);
      expect(result.structuredContent, `${name}: structuredContent`).toBeTypeOf("object");
      expect(JSON.parse(text), `${name}: text content is the structuredContent`).toEqual(result.structuredContent);
      return result.structuredContent as Out;
    },
    async callFailing(name, args) {
      const result = await rawCall(client, session.toolNames, name, args);
      const text = onlyText(result, name);
      expect(result.isError, `${name} should be a hard failure, got: ${text}`).toBe(true);
      expect(result.structuredContent, `${name}: a hard failure carries no structuredContent`).toBeUndefined();
      return text;
    },
  };
  return { session, close: () => client.close() };
}

/**
 * Registers beforeAll/afterAll for the calling test file: one server process and one client
 * session for all its journeys. Returns a getter, valid inside tests.
 */
export function useJourneySession(): () => Session {
  let server: RunningServer | undefined;
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  beforeAll(async () => {
    server = await startServer();
    opened = await open(server.url);
  });
  afterAll(async () => {
    await opened?.close().catch(() => undefined);
    await server?.stop();
  });
  return () => {
    if (!opened) throw new Error(`no session: the server did not start${server ? `; stderr:\n${server.stderr()}` : ""}`);
    return opened.session;
  };
}
