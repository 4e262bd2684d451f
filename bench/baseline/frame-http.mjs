// Baseline (c): only what the wire itself asks of any server answering a tools/call the way
// go-sdk does: read the body, JSON.parse it, write go-sdk's event-stream headers (CORS included)
// and one SSE frame holding the fixed answer under the request's id. No session, no checks, no
// tool. floor.mjs reports it beside the bare floor: the gap between the two is the protocol's
// share, the gap between this and ours is the server's own.
import fs from "node:fs";
import http from "node:http";

const answer = process.env.BENCH_BODY ? fs.readFileSync(process.env.BENCH_BODY, "utf8") : '{"jsonrpc":"2.0","id":1,"result":{}}';
const [before, after] = answer.split('"id":1');
const headers = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "*",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Expose-Headers": "Mcp-Session-Id",
  "Cache-Control": "no-cache, no-transform",
  "Content-Type": "text/event-stream",
  Connection: "keep-alive",
  // floor.mjs opens a session on each target; this one names one and never looks it up.
  "Mcp-Session-Id": "frame-http",
};

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const text = `event: message\ndata: ${before}"id":${JSON.stringify(message.id ?? null)}${after}\n\n`;
    res.writeHead(200, { ...headers, "Content-Length": String(Buffer.byteLength(text)) });
    res.end(text);
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stderr.write(`frame-http: listening on http://127.0.0.1:${server.address().port}/mcp\n`);
});
