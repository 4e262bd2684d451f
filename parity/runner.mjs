// Runs the parity corpus against a server (the Go twin when recording, the local build when
// replaying) and turns every answer into snapshot text: status, the headers a client reads, and
// the body bytes, normalised only for session ids.
import { spawn } from "node:child_process";
import http from "node:http";

const readHeaders = ["content-type", "mcp-session-id", "mcp-protocol-version", "allow", "www-authenticate", "location"];
const endId = "parity-end";

/** Starts an HTTP server process and resolves with its base URL once its ready line names it. */
export function startHttpServer(command, args, env) {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} not ready in 60 s:\n${err}`)), 60_000);
    proc.stderr.on("data", (chunk) => {
      err += chunk;
      const m = /listening on (http:\/\/\S+)\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ baseUrl: m[1], stop: () => new Promise((done) => (proc.exitCode !== null ? done() : (proc.once("exit", done), proc.kill("SIGINT")))) });
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before listening:\n${err}`));
    });
  });
}

/**
 * One HTTP request; resolves its answer. `started` (optional) hears when the answer's head came,
 * so a background step can hold its stream while later steps run.
 */
function request(baseUrl, step, sessionId, negotiated, started = () => {}) {
  const headers = { ...(step.headers ?? {}) };
  if (step.session === "current" && sessionId) headers["mcp-session-id"] = sessionId;
  if (step.session === "bogus") headers["mcp-session-id"] = "parity-unknown-session";
  if (step.version && !Object.keys(headers).some((h) => h.toLowerCase() === "mcp-protocol-version")) headers["mcp-protocol-version"] = negotiated;
  let body = step.bodyHex ? Buffer.from(step.bodyHex, "hex") : step.body !== undefined ? Buffer.from(step.body, "utf8") : undefined;
  if (step.oversize) {
    const head = '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"';
    body = Buffer.alloc(step.oversize, "a");
    body.write(head, 0);
    body.write('"}}', step.oversize - 3);
  }
  const url = new URL("/mcp", baseUrl);
  return new Promise((resolve) => {
    const r = http.request(url, { method: step.method, headers, agent: false }, (res) => {
      started();
      const chunks = [];
      let timer;
      const done = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
        r.destroy();
      };
      if (step.streamMs) timer = setTimeout(done, step.streamMs);
      res.on("data", (c) => chunks.push(c));
      res.on("end", done);
      res.on("error", done);
    });
    r.on("error", (e) => {
      started();
      resolve({ status: 0, headers: {}, body: `<connection error: ${e.code ?? e.message}>` });
    });
    r.end(body);
  });
}

function describeRequest(step) {
  const body = step.oversize ? `<${step.oversize} bytes>` : step.bodyHex ? `<hex ${step.bodyHex}>` : (step.body ?? "");
  const hs = Object.entries(step.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
  if (step.session !== undefined) hs.push(`(session: ${step.session})`);
  return `>>> ${step.method} /mcp${hs.length ? "\n" + hs.join("\n") : ""}${body ? "\n" + body : ""}`;
}

function describeAnswer(step, res) {
  const lines = [describeRequest(step), `<<< ${res.status}`];
  for (const h of readHeaders) if (res.headers[h] !== undefined) lines.push(`${h}: ${res.headers[h]}`);
  lines.push("", res.body);
  return lines.join("\n");
}

/** One HTTP case: its steps in order, each answer appended to the snapshot text. */
export async function runHttpCase(baseUrl, kase) {
  let sessionId;
  let negotiated = "2025-06-18";
  const sessions = [];
  const parts = [];
  // A `background` step holds its stream (for streamMs) while the later steps run: the next
  // step goes once its answer's head arrived. Its answer is written in its own place.
  const held = [];
  for (const step of kase.steps) {
    if (step.background) {
      let started;
      const head = new Promise((resolve) => (started = resolve));
      const answer = request(baseUrl, step, sessionId, negotiated, started);
      held.push(answer);
      parts.push(answer.then((res) => describeAnswer(step, res)));
      await head;
      continue;
    }
    if (step.session === "none" && step.body) {
      // The version the case's initialize asks for is the one its later requests name.
      try {
        const v = JSON.parse(step.body)?.params?.protocolVersion;
        if (typeof v === "string") negotiated = v;
      } catch {}
    }
    const res = await request(baseUrl, step, sessionId, negotiated);
    const sid = res.headers["mcp-session-id"];
    if (typeof sid === "string" && sid) {
      if (!sessions.includes(sid)) sessions.push(sid);
      if (step.session === "none") sessionId = sid;
    }
    parts.push(describeAnswer(step, res));
  }
  await Promise.all(held);
  let text = (await Promise.all(parts)).join("\n\n");
  sessions.forEach((sid, i) => (text = text.split(sid).join(`<session-${i + 1}>`)));
  return text;
}

/** A JSON-RPC message case over HTTP: initialize and initialized first unless the case is raw. */
export function messagesToHttp(kase) {
  const steps = [];
  const post = (msg, session) => ({ method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(msg), session, version: session === "current" });
  if (!kase.raw) {
    steps.push(post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "parity-corpus", version: "1.0.0" } } }, "none"));
    steps.push(post({ jsonrpc: "2.0", method: "notifications/initialized" }, "current"));
  }
  let first = true;
  for (const m of kase.messages) {
    const initializing = kase.raw && first && m.method === "initialize";
    steps.push(post(m, initializing ? "none" : "current"));
    first = false;
  }
  return { name: kase.name, steps };
}

/** A JSON-RPC message case over stdio: one fresh process, lines in, every line out until a last ping answers. */
/** A request every server must answer: JSON-RPC 2.0, a named method and a string or number id. */
function wellFormed(msg) {
  return msg.jsonrpc === "2.0" && typeof msg.method === "string" && msg.method.length > 0 && (typeof msg.id === "string" || typeof msg.id === "number");
}

export function runStdioCase(command, args, env, kase) {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "ignore"] });
  const lines = [];
  if (!kase.raw) {
    lines.push({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "parity-corpus", version: "1.0.0" } } });
    lines.push({ jsonrpc: "2.0", method: "notifications/initialized" });
  }
  lines.push(...kase.messages, { jsonrpc: "2.0", id: endId, method: "ping" });
  return new Promise((resolve) => {
    let out = "";
    let finished = false;
    let waiting = null;
    const finish = (why) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(waiting?.timer);
      proc.stdin.destroy();
      proc.kill("SIGKILL");
      const got = out.split("\n").filter((l) => l.length > 0 && !l.includes(`"id":"${endId}"`));
      const sent = lines.filter((l) => l.id !== endId).map((l) => `>>> ${JSON.stringify(l)}`);
      resolve([...sent, ...got.map((l) => `<<< ${l}`), ...(why ? [`<<< ${why}`] : [])].join("\n"));
    };
    // Generous: the test command runs this beside vitest on two cores, where a stdio process can
    // take many seconds to start and answer; a slow answer is not a different one.
    const timer = setTimeout(() => finish("<no answer to the closing ping within 60 s>"), 60_000);
    const answered = (id) =>
      out.split("\n").some((l) => {
        try {
          const m = JSON.parse(l);
          return m && !Array.isArray(m) && "id" in m && !("method" in m) && JSON.stringify(m.id) === JSON.stringify(id);
        } catch {
          return false;
        }
      });
    // One message at a time, each request after the previous one's answer: concurrent handling
    // must not reorder what the snapshot shows. Only a malformed request (which a server may
    // leave unanswered) moves on after 1.5 s of silence; a well-formed one is waited for, since
    // under load a forwarded tools/call can take longer than that while the closing ping, which
    // the server answers itself, comes back at once and would end the case without it.
    const sendFrom = (i) => {
      if (finished || i >= lines.length) return;
      const msg = lines[i];
      proc.stdin.write(JSON.stringify(msg) + "\n");
      const isRequest = msg && typeof msg === "object" && "id" in msg && "method" in msg;
      if (!isRequest) return sendFrom(i + 1);
      const check = () => {
        if (answered(msg.id)) {
          clearTimeout(waiting.timer);
          waiting = null;
          sendFrom(i + 1);
        }
      };
      waiting = { check, timer: wellFormed(msg) ? undefined : setTimeout(() => ((waiting = null), sendFrom(i + 1)), 1500) };
      check();
    };
    proc.stdout.setEncoding("utf8");
    proc.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes(`"id":"${endId}"`) && out.endsWith("\n")) return finish();
      waiting?.check();
    });
    proc.once("exit", () => finish(out.includes(`"id":"${endId}"`) ? undefined : "<process exited>"));
    sendFrom(0);
  });
}

/** Runs `fn` over `items` with at most `n` at once, keeping order. */
export async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Reads `res` as an event stream, calling `onEvent({ event, data })` for each event. */
function readEvents(res, onEvent) {
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length > 0) onEvent({ event, data: data.join("\n") });
    }
  });
}

/** The id a server answers a request with: the id sent, a fraction cut to an integer (jsonrpc2.MakeID). */
function answeredId(id) {
  if (typeof id !== "number") return id;
  const n = Math.trunc(id);
  // Past int64 the conversion gives the smallest int64 (amd64), as the go-sdk answers.
  return n >= 2 ** 63 || n < -(2 ** 63) ? -(2 ** 63) : n;
}

/** The id of the request in a POST body when it is one the server must answer, else undefined. */
function requestIdOf(body) {
  try {
    const m = JSON.parse(body);
    return m && !Array.isArray(m) && m.jsonrpc === "2.0" && typeof m.method === "string" && m.method !== "" && (typeof m.id === "string" || typeof m.id === "number") ? answeredId(m.id) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One case over the legacy SSE transport (GET /sse, then POSTs to the endpoint it names):
 * `kase.opening` is the version to initialize at ("none": no initialize), `kase.initialized`
 * whether notifications/initialized follows, `kase.posts` the { body, headers } sent after. Each
 * POST whose answer is due is followed by a wait for it on the stream (at most 5 s), so the text
 * is in a fixed order: each POST's own answer, then every event of the stream as it came. The
 * endpoint's path and session id differ between servers and are written as <endpoint>.
 */
export function runSseCase(baseUrl, kase) {
  return new Promise((resolve) => {
    const events = [];
    const waiters = [];
    const r = http.request(new URL("/sse", baseUrl), { method: "GET", headers: { accept: "text/event-stream" }, agent: false }, (res) => {
      let endpoint;
      readEvents(res, (e) => {
        if (e.event === "endpoint" && endpoint === undefined) {
          endpoint = new URL(e.data, baseUrl);
          void run(endpoint);
          return;
        }
        events.push(e.data);
        for (const w of waiters.splice(0)) w();
      });
      res.on("end", () => {
        if (endpoint === undefined) finish([`<<< ${res.statusCode} (no endpoint)`]);
      });
    });
    r.on("error", (e) => finish([`<connection error: ${e.code ?? e.message}>`]));
    r.end();
    let done = false;
    function finish(lines) {
      if (done) return;
      done = true;
      r.destroy();
      resolve(lines.join("\n"));
    }
    // Answers counted by id: a case may reuse an id an earlier answer had.
    const answers = (id) =>
      events.filter((d) => {
        try {
          const m = JSON.parse(d);
          return m && !("method" in m) && JSON.stringify(m.id) === JSON.stringify(id);
        } catch {
          return false;
        }
      }).length;
    const waitFor = (id, before) =>
      new Promise((ok) => {
        const timer = setTimeout(ok, 5_000);
        const check = () => (answers(id) > before ? (clearTimeout(timer), ok()) : waiters.push(check));
        check();
      });
    async function run(endpoint) {
      const json = { "content-type": "application/json" };
      const posts = [];
      if (kase.opening !== "none") {
        posts.push({ headers: json, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: kase.opening, capabilities: {}, clientInfo: { name: "parity-fuzz", version: "1.0.0" } } }) });
        if (kase.initialized) posts.push({ headers: json, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
      }
      posts.push(...kase.posts);
      const lines = [];
      for (const post of posts) {
        const before = answers(requestIdOf(post.body));
        const res = await new Promise((ok) => {
          const p = http.request(endpoint, { method: "POST", headers: post.headers, agent: false }, (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => ok({ status: res.statusCode, type: res.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") }));
          });
          p.on("error", (e) => ok({ status: 0, body: `<connection error: ${e.code ?? e.message}>` }));
          p.end(post.body);
        });
        const hs = Object.entries(post.headers).map(([k, v]) => `${k}: ${v}`);
        lines.push(`>>> POST <endpoint>${hs.length ? "\n" + hs.join("\n") : ""}\n${post.body}`, `<<< ${res.status}${res.type ? `\ncontent-type: ${res.type}` : ""}\n\n${res.body}`);
        const id = res.status === 202 ? requestIdOf(post.body) : undefined;
        if (id !== undefined) await waitFor(id, before);
      }
      // A last ping, left out of the text: whatever the case's messages still had coming is in by its answer.
      const status = await new Promise((ok) => http.request(endpoint, { method: "POST", headers: json, agent: false }, (res) => (res.resume(), res.on("end", () => ok(res.statusCode)))).on("error", () => ok(0)).end(JSON.stringify({ jsonrpc: "2.0", id: endId, method: "ping" })));
      if (status === 202) await waitFor(endId, 0);
      finish([...lines, "--- stream", ...events.filter((d) => !d.includes(`"id":"${endId}"`)).map((d) => `<<< ${d}`)]);
    }
  });
}
