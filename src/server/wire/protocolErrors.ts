// The refusals of the routes that are not MCP endpoints (the site, /_local/) and of the
// recorder's proxy, taken from the one table (goWire/wireError.ts), rendered as JSON-RPC errors
// with id null by sendRpcError.
import { refusals } from "../goWire/wireError.js";

export const protocolErrors = {
  forbiddenHost: refusals.forbiddenSiteHost,
  tooLarge: refusals.tooLarge,
};
