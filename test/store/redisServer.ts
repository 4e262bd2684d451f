// A real redis-server for the tests of the shared store: Debian's package, started on a free
// loopback port with nothing saved to disk. `hasRedis` is false where it is not installed
// (.ci/run installs it as it installs Chromium); the tests that need it say so and skip.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";

export const hasRedis = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const proc: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout?.setEncoding("utf8");
  proc.stdout?.on("data", (c: string) => (out += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server not ready on ${port}:\n${out}`)), 15_000);
    proc.stdout?.on("data", () => {
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    stop: async () => {
      proc.kill("SIGTERM");
      await exited;
    },
  };
}
