// Baseline (a) over stdio: the same one-tool SDK server, for the cold-start comparison.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createServer } from "./tool.mjs";

await createServer().connect(new StdioServerTransport());
