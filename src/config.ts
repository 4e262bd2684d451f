// Runtime configuration: one place for every option, its environment variable and its default.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Release } from "./server/profiles/profiles.js";

/** The project root: two levels up from dist/config.js or src/config.ts. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Config {
  port: number;
  host: string;
  toolsDir: string;
  runDir: string;
  widgetDomain: string;
  /** A local build of the widget (e.g. mcp-app/dist) served under /_local/widget-build/, named by the widget resource instead of widgetDomain. "" when unset. */
  widgetDir: string;
  serviceVersion: string;
  /** Idle session expiry in milliseconds. */
  idleTimeoutMs: number;
  /** Most /mcp sessions kept at once; the least recently used goes first. 0: no limit. */
  maxSessions: number;
  /** Most runs (/_local/runs, for grading agents) kept at once. */
  runLimit: number;
  /** A run untouched this long (ms) is forgotten with its state. */
  runIdleMs: number;
  /** stdio's --run: every call of the process joins this run, kept in the --store. "" when unset. */
  runId: string;
  /** Request body limit in bytes. */
  bodyLimit: number;
  /** Token served at /.well-known/openai-apps-challenge. */
  challengeToken: string;
  /** SSE keep-alive comment interval in milliseconds. */
  keepAliveMs: number;
  /**
   * Whose state a call reads and writes: its user's (default: a user's sessions share their
   * baskets, rides and orders, as production keeps them) or each MCP session's own.
   */
  stateScope: "session" | "user";
  /** Keep user state in `<runDir>/state/` across processes (stdio, where each conversation is a process). */
  persistState: boolean;
  /** Most bytes of state one session (or user) may hold. */
  stateLimit: number;
  /** Serve /mcp as go-sdk's StreamableHTTPOptions.Stateless does: no session outlives its POST. */
  stateless: boolean;
  /** The go-sdk release answered as (src/server/profiles/profiles.ts says what each changes). */
  goSdk: Release;
  /** `redis://HOST:PORT[/DB]`: state shared by replicas in Redis; "" keeps it in this process. */
  store: string;
  /** Multiplies every declared delay (`json dynamics`): 0 answers at once, 2 doubles them. */
  delayScale: number;
  /**
   * Local aid, off as production is: a session at logging level `debug` gets, before each call's
   * result, a log notification naming the tool and the scenario that answered.
   */
  scenarioLog: boolean;
  /** Production's auth checks and failure texts, with the local authorization server (src/server/auth/). */
  auth: boolean;
  /** With auth: the sign-in page is skipped and every sign-in is the FIXTURES persona. */
  authAutoApprove: boolean;
  /** With auth: lifetime of an access token in seconds. */
  authTokenTtlS: number;
  /** Host names answered besides loopback ones (a tunnel's public name). */
  allowedHosts: string[];
  /** The origin clients see (a tunnel's https URL): discovery, issuer and resource name it. "" when unset. */
  publicUrl: string;
}

export const defaults: Config = {
  port: 8080,
  host: "127.0.0.1",
  toolsDir: path.join(projectRoot, "tools"),
  runDir: path.join(projectRoot, ".run"),
  widgetDomain: "https://careem-mcp-app.pages.dev",
  widgetDir: "",
  serviceVersion: "v1.0.0",
  idleTimeoutMs: 30 * 60 * 1000,
  maxSessions: 1000,
  runLimit: 200,
  runIdleMs: 30 * 60 * 1000,
  runId: "",
  bodyLimit: 4 * 1024 * 1024,
  challengeToken: "local-openai-apps-challenge-token",
  keepAliveMs: 15_000,
  stateScope: "user",
  persistState: false,
  stateLimit: 1024 * 1024,
  store: "",
  stateless: false,
  goSdk: "1.6.1",
  delayScale: 1,
  scenarioLog: false,
  auth: false,
  authAutoApprove: false,
  authTokenTtlS: 3600,
  allowedHosts: [],
  publicUrl: "",
};

/** Environment variable for each option, documented in --help and the README. */
export const envNames = {
  port: "CAREEM_MCP_PORT",
  host: "CAREEM_MCP_HOST",
  toolsDir: "CAREEM_MCP_TOOLS",
  runDir: "CAREEM_MCP_RUN_DIR",
  widgetDomain: "CAREEM_MCP_WIDGET_DOMAIN",
  widgetDir: "CAREEM_MCP_WIDGET_DIR",
  serviceVersion: "CAREEM_MCP_SERVICE_VERSION",
  idleTimeoutMs: "CAREEM_MCP_IDLE_TIMEOUT_MS",
  maxSessions: "CAREEM_MCP_MAX_SESSIONS",
  runLimit: "CAREEM_MCP_RUN_LIMIT",
  runIdleMs: "CAREEM_MCP_RUN_IDLE_MS",
  bodyLimit: "CAREEM_MCP_BODY_LIMIT",
  challengeToken: "CAREEM_MCP_APPS_CHALLENGE",
  keepAliveMs: "CAREEM_MCP_KEEPALIVE_MS",
  stateScope: "CAREEM_MCP_STATE_SCOPE",
  stateLimit: "CAREEM_MCP_STATE_LIMIT",
  scenarioLog: "CAREEM_MCP_SCENARIO_LOG",
  store: "CAREEM_MCP_STORE",
  stateless: "CAREEM_MCP_STATELESS",
  goSdk: "CAREEM_MCP_GO_SDK",
  delayScale: "CAREEM_MCP_DELAY_SCALE",
  authTokenTtlS: "CAREEM_MCP_AUTH_TOKEN_TTL",
  allowedHosts: "CAREEM_MCP_ALLOWED_HOSTS",
  publicUrl: "CAREEM_MCP_PUBLIC_URL",
} as const;
