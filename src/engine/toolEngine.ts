// What a transport host needs of the engine. Hosts depend on this narrow view, so a test or a
// stand-in can serve calls without a catalog on disk.
import type { Engine } from "./engine.js";

export type ToolEngine = Pick<Engine, "listTools" | "callTool" | "problems" | "fingerprint">;
