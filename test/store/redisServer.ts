// A real redis-server for the tests of the shared store: Debian's package, started on a free
// loopback port with nothing saved to disk, by the same code that starts the team deployment's.
// `hasRedis` is false where it is not installed (.ci/run installs it as it installs Chromium);
// the tests that need it say so and skip, or fail in CI (../dependencies.ts).
// @ts-expect-error: a plain .mjs script shared with bench/, without types
import { has, startRedis as startRedisServer } from "../../deploy/local/topology.mjs";

export const hasRedis: boolean = has("redis-server");

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function startRedis(): Promise<RedisServer> {
  return startRedisServer() as Promise<RedisServer>;
}
