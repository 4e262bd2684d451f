// One stdio server process kept for many fuzz cases: spawning one per case costs about a second
// of CPU, and the fuzzer sends thousands. Each case's messages go in one at a time, each request
// after the previous one's answer (the go-sdk may answer concurrent requests in any order), and a
// closing ping whose answer says everything the case caused has been written.
import { spawn } from "node:child_process";

const endId = (n) => `fuzz-end-${n}`;
const clientInfo = { name: "parity-fuzz", version: "1.0.0" };

/** The id a server answers a request with: a fraction is cut to an integer (jsonrpc2.MakeID). */
function answeredId(id) {
  if (typeof id !== "number") return id;
  const n = Math.trunc(id);
  // Past int64 the conversion gives the smallest int64 (amd64), as the go-sdk answers.
  return n >= 2 ** 63 || n < -(2 ** 63) ? -(2 ** 63) : n;
}

export class StdioSession {
  constructor(command, args, env) {
    this.proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "ignore"] });
    this.lines = [];
    this.partial = "";
    this.listeners = new Set();
    this.exited = false;
    this.count = 0;
    this.proc.stdout.setEncoding("utf8");
    this.proc.stdout.on("data", (chunk) => {
      const parts = (this.partial + chunk).split("\n");
      this.partial = parts.pop() ?? "";
      this.lines.push(...parts.filter((l) => l.length > 0));
      for (const f of [...this.listeners]) f();
    });
    this.proc.once("exit", () => {
      this.exited = true;
      for (const f of [...this.listeners]) f();
    });
    this.proc.stdin.on("error", () => {});
  }

  /** Starts the process and initializes its session (2025-06-18). */
  static async open(command, args, env) {
    const s = new StdioSession(command, args, env);
    await s.run([{ jsonrpc: "2.0", id: "fuzz-init", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo } }, { jsonrpc: "2.0", method: "notifications/initialized" }]);
    return s;
  }

  /** How many answers to `id` came so far. */
  answers(id) {
    const want = JSON.stringify(answeredId(id));
    let n = 0;
    for (const l of this.lines) {
      try {
        const m = JSON.parse(l);
        if (m && !Array.isArray(m) && !("method" in m) && JSON.stringify(m.id) === want) n++;
      } catch {
        // Not JSON: counted by nobody.
      }
    }
    return n;
  }

  /** Resolves once `test()` holds, the process exits, or `ms` pass. */
  until(test, ms) {
    return new Promise((resolve) => {
      const check = () => {
        if (test() || this.exited) {
          clearTimeout(timer);
          this.listeners.delete(check);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        resolve();
      }, ms);
      this.listeners.add(check);
      check();
    });
  }

  /** Sends the case's messages; resolves the text: each line sent, then each line written back. */
  async run(messages) {
    const from = this.lines.length;
    for (const msg of messages) {
      if (this.exited) break;
      const isRequest = typeof msg.method === "string" && (typeof msg.id === "string" || typeof msg.id === "number");
      const before = isRequest ? this.answers(msg.id) : 0;
      this.proc.stdin.write(JSON.stringify(msg) + "\n");
      if (isRequest) await this.until(() => this.answers(msg.id) > before, 10_000);
    }
    const end = endId(this.count++);
    if (!this.exited) {
      this.proc.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: end, method: "ping" }) + "\n");
      await this.until(() => this.answers(end) > 0, 10_000);
    }
    const got = this.lines.slice(from).filter((l) => !l.includes(`"id":"${end}"`));
    return [...messages.map((m) => `>>> ${JSON.stringify(m)}`), ...got.map((l) => `<<< ${l}`), ...(this.exited ? ["<<< <process exited>"] : [])].join("\n");
  }

  close() {
    this.proc.stdin.destroy();
    this.proc.kill("SIGKILL");
  }
}
