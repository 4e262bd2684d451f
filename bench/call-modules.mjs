// node bench/call-modules.mjs: how many of the project's modules (and folders) one warm
// tools/call runs, over streamable HTTP, measured with V8's precise coverage: every module of
// dist/ with a function that ran during the call. The server runs in this process (dist/, so
// build first); the call is a plain POST, so no client module is counted.
import inspector from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const dist = pathToFileURL(path.join(root, "dist")).href;
const { listenHttp } = await import(`${dist}/server/http/http.js`);
const { defaults } = await import(`${dist}/config.js`);

const session = new inspector.Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });

const host = await listenHttp({ ...defaults, port: 0, toolsDir: path.join(root, "tools"), runDir: path.join(root, ".run", "call-modules") }, { log: () => {} });
await host.ready;
const url = `http://127.0.0.1:${host.port}/mcp`;
const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const post = async (body, extra = {}) => {
  const res = await fetch(url, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  return { res, text: await res.text() };
};
const init = await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "call-modules", version: "1" } } });
const sid = { "mcp-session-id": init.res.headers.get("mcp-session-id"), "mcp-protocol-version": "2025-06-18" };
await post({ jsonrpc: "2.0", method: "notifications/initialized" }, sid);
const call = (id) => post({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_ride_status", arguments: { rideId: "ride_arrived" } } }, sid);
for (let i = 1; i <= 3; i++) await call(i); // warm: every module loaded and every cache filled

await session.post("Profiler.takePreciseCoverage"); // resets the counts
const answer = await call(4);
const { result } = await session.post("Profiler.takePreciseCoverage");
if (!answer.text.includes("CAPTAIN_ARRIVED")) throw new Error(`unexpected answer: ${answer.text}`);

const ran = result
  .filter((s) => s.url.startsWith(`${dist}/`) && s.functions.some((f) => f.ranges[0].count > 0))
  .map((s) => path.relative(path.join(root, "dist"), fileURLToPath(s.url)))
  .sort();
const folders = new Set(ran.map((f) => path.dirname(f)));
console.log(ran.join("\n"));
console.log(`${ran.length} modules in ${folders.size} folders run by one warm tools/call`);
await host.close();
session.disconnect();
