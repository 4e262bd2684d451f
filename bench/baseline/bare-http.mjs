// Baseline (b): node's http module answering every POST with the same fixed JSON body, no MCP,
// no framework. The physical floor of this machine, loopback and load generator.
import fs from "node:fs";
import http from "node:http";

const body = Buffer.from(process.env.BENCH_BODY ? fs.readFileSync(process.env.BENCH_BODY) : '{"jsonrpc":"2.0","id":1,"result":{}}');

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stderr.write(`bare-http: listening on http://127.0.0.1:${server.address().port}/mcp\n`);
});
