// JSON-RPC errors a request handler throws, and the codes every transport answers with.

/**
 * An error the SDK's Protocol sends as is: it copies `code`, `message` and `data`.
 * Not McpError, whose message gains an "MCP error <code>: " prefix production never sends.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

export const ErrorCodes = {
  parseError: -32700,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** Transport-level refusals (bad header, too large, forbidden), as the SDK answers them. */
  transport: -32000,
  sessionNotFound: -32001,
  resourceNotFound: -32002,
} as const;
