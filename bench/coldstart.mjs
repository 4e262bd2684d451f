// Stdio cold start: from spawn to the `initialize` answer on stdout, as a desktop client sees it.
import { spawnNode, stderrOf, stop } from "./procs.mjs";
import { PROTOCOL_VERSION } from "./session.mjs";

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "careem-bench", version: "1.0.0" } },
})}\n`;

/** Milliseconds from spawn to a stdout line answering id 1 (rejects on error, exit or timeout). */
export function coldStart(args, { env, command, timeoutMs = 20_000 } = {}) {
  const t0 = process.hrtime.bigint();
  const child = spawnNode(args, { env, command });
  child.stdin.on("error", () => {});
  // A client writes initialize at once; the server must buffer it until it is listening.
  child.stdin.write(INITIALIZE);
  return new Promise((resolve, reject) => {
    let buf = "";
    let settled = false;
    const done = (err, ms) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.removeAllListeners("data");
      void stop(child).then(() => (err ? reject(err) : resolve(ms)));
    };
    const timer = setTimeout(() => done(new Error(`no initialize answer within ${timeoutMs} ms\n${stderrOf(child)}`)), timeoutMs);
    const onExit = (code, sig) => done(new Error(`exited (${code ?? sig}) before answering initialize\n${stderrOf(child)}`));
    child.once("exit", onExit);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buf += chunk;
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          return done(new Error(`stdout is not JSON-RPC: ${line.slice(0, 200)}`));
        }
        if (msg.id !== 1) continue;
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        child.off("exit", onExit);
        if (msg.error || !msg.result?.serverInfo) return done(new Error(`initialize failed: ${line.slice(0, 300)}`));
        return done(null, ms);
      }
    });
  });
}
