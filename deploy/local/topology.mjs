// The team deployment of deploy/compose.yaml, on this machine without Docker: Debian's
// redis-server and nginx, and N replicas of the local build (`--stateless --store`), nginx
// balancing round robin with no affinity. Everything listens on loopback ports picked free,
// and lives in one temp dir that stop() removes. Used by test/deploy/ and bench/replicas.mjs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const cli = path.join(projectRoot, "dist", "cli.js");

export const has = (command) => spawnSync(command, ["-v"], { stdio: "ignore" }).status === 0 || spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawn and wait until `ready` matches its output (stdout and stderr together). */
function startProcess(command, args, ready, what, opts = {}) {
  const proc = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...opts });
  let out = "";
  for (const stream of [proc.stdout, proc.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (c) => (out += c));
  }
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} not ready within 20 s:\n${out}`)), 20_000);
    const check = () => {
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ proc, output: () => out, exited });
      }
    };
    proc.stdout.on("data", check);
    proc.stderr.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${out}`));
    });
  });
}

/** A redis-server on a free loopback port, nothing saved to disk. */
export async function startRedis() {
  const port = await freePort();
  const p = await startProcess("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], /Ready to accept connections/, "redis-server");
  return {
    ...p,
    port,
    url: `redis://127.0.0.1:${port}/0`,
    stop: async () => {
      if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGTERM");
      await p.exited;
    },
  };
}

function nginxConf(dir, port, upstreams) {
  const temp = (name) => {
    const p = path.join(dir, name);
    fs.mkdirSync(p, { recursive: true, mode: 0o777 });
    return p;
  };
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$upstream_addr $status $request_method';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  upstream careem_mcp {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://careem_mcp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Answers are event streams: pass each event on as it comes.
      proxy_buffering off;
      proxy_read_timeout 1h;
      # A replica that is gone (connection refused or reset) hands the request to the next one.
      proxy_next_upstream error timeout non_idempotent;
    }
  }
}
`;
}

/**
 * Redis, `replicas` local builds on it, nginx in front. `extraArgs` go to every replica.
 * Resolves with the balancer's /mcp URL, the replicas (each with its call log) and stop().
 */
export async function startTopology({ replicas = 3, extraArgs = [] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-team-"));
  fs.chmodSync(dir, 0o777);
  const started = [];
  const stop = async () => {
    await Promise.all(
      started.map(async (p) => {
        if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGTERM");
        await p.exited;
      }),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redis = await startRedis();
    started.push(redis);
    const store = redis.url;
    const nodes = [];
    // One run dir for every replica, as compose.yaml mounts one volume: the clock file and the
    // overrides file are read on every call, so a `clock` or `scenario` holds on all of them.
    const runDir = path.join(dir, "run");
    fs.mkdirSync(runDir);
    for (let i = 0; i < replicas; i++) {
      const p = await startProcess(process.execPath, [cli, "--port", "0", "--stateless", "--store", store, "--run-dir", runDir, "--delay-scale", "0", ...extraArgs], /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/, `replica ${i + 1}`, { cwd: projectRoot });
      started.push(p);
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(p.output())[1]);
      nodes.push({ name: `replica-${i + 1}`, port, proc: p.proc, exited: p.exited, calls: () => (p.output().match(/^careem-mcp: call /gm) ?? []).length, output: p.output });
    }
    const port = await freePort();
    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(conf, nginxConf(dir, port, nodes.map((n) => n.port)));
    const nginx = spawn("nginx", ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    const nginxExited = new Promise((resolve) => nginx.once("exit", (code) => resolve(code)));
    started.push({ proc: nginx, exited: nginxExited });
    await waitForPort(port, nginxExited, () => readIf(path.join(dir, "error.log")));
    return {
      url: `http://127.0.0.1:${port}/mcp`,
      store,
      runDir,
      replicas: nodes,
      /** Which replica answered each request nginx passed on, in order (its access log). */
      upstreamLog: () => readIf(path.join(dir, "access.log")).split("\n").filter(Boolean).map((l) => l.split(" ")),
      kill: async (i) => {
        nodes[i].proc.kill("SIGKILL");
        await nodes[i].exited;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function readIf(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function waitForPort(port, exited, log) {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 200; i++) {
    if (gone) throw new Error(`nginx exited:\n${log()}`);
    const open = await new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}
