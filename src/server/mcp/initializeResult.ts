// The initialize answer, exactly as production's: built in full here so nothing
// (title, instructions) is added. Free of the SDK, so stdio can answer it before loading the SDK.
import { negotiateVersion } from "../goWire/protocolVersions.js";

export const capabilities = { tools: { listChanged: true }, resources: { listChanged: true }, logging: {} };

export const serverInfoFor = (serviceVersion: string) => ({ name: "careem-mcp-service", version: serviceVersion });

export function initializeResult(serviceVersion: string, params: Record<string, unknown>) {
  return { protocolVersion: negotiateVersion(params.protocolVersion), capabilities, serverInfo: serverInfoFor(serviceVersion) };
}
