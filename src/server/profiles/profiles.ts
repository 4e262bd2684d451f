// Which go-sdk release the server answers as. A profile is a set of change ids (the ids of
// parity/profiles/changes.mjs, each one go-sdk change measured against the twin); code asks
// `profile.has("cache-hints")` and never which release is running, so a release is only its row here.
// A host builds its Profile from config and hands it to its sessions and wire checks, which ask
// `profile.has(...)`; two hosts in one process may answer as different releases.

/** Every change id this build can switch on, with what it changes on the wire. */
export const changeTable = {
  "cache-hints": "list and read results start with `ttlMs: 0, cacheScope: \"public\"`",
  "false-tool-hints": "tool annotations write `idempotentHint: false` and `readOnlyHint: false` instead of omitting them",
  "html-escaping": "resources/read contents are written with json.Marshal's escapes (`\\u003c`, `\\u003e`, `\\u0026`)",
  "resource-not-found-code": "an unknown resource answers -32602 instead of -32002",
  "invalid-params-code": "params that do not unmarshal answer -32602 `handling 'm': invalid params: ...` instead of code 0 without `invalid params: `",
  "duplicate-initialize": "a second initialize on a session answers code 0 `duplicate \"initialize\" received` instead of a second result",
  "subscribe-not-supported-text": "resources/subscribe answers `method not found: \"resources/subscribe\"`",
  "complete-params-checked": "completion/complete without `ref`, or without `argument.name`, answers -32602 `invalid params: missing required '...' field` before `method not found`",
  "supported-versions-text": "the unsupported-version 400 lists 2026-07-28 first among the supported versions",
  "method-checked-first": "a stateful /mcp answers HEAD, PUT, PATCH 405 (`Allow: GET, POST, DELETE`) before checking Accept",
  "sse-ok-comment": "a GET stream starts with a `: ok` comment",
  "pre-initialize-methods": "logging/setLevel, resources/subscribe and resources/unsubscribe are served before initialize, as ping is",
  "empty-method-key": "over HTTP `\"method\": \"\"` is a call (400 `JSON RPC not handled: \"\" unsupported`, not 202); a body that is not an object names jsonrpc2.wireDecode, a method that is not a string quotes its value alone",
  "era-2026-stateful-plaintext": "a stateful /mcp reads a 2026-07-28-era POST (header, or `_meta` version) and refuses it with a plain-text 400 naming the header's version, server/discover excepted",
  "era-2026-stateful-32022": "the same requests answered 400 JSON `-32022 protocol version \"v\" is not supported by this server` with the legacy versions in data.supported; notifications pass",
  "stdio-method-not-found": "over stdio an unknown method, and method \"\" with an id, answer -32601 `method not found: \"x\"` instead of code 0 `JSON RPC not handled`",
  "stateless-no-session-id": "a stateless /mcp names no session on any answer (initialize included) and answers DELETE 405 `Allow: POST`",
  "era-2026-served": "a 2026-07-28 header passes the version check and server/discover is answered (a stateful server answers only it)",
  "era-2026-result-fields": "a result to a 2026-07-28 request carries `resultType: \"complete\"` and `_meta[\"io.modelcontextprotocol/serverInfo\"]`",
  "era-2026-meta-validation": "the `_meta` triple of a 2026-07-28 call is checked: -32602 when protocolVersion or clientCapabilities is missing or clientInfo does not decode, -32022 for a version the server lacks",
  "era-2026-header-checks": "Mcp-Protocol-Version, Mcp-Method and Mcp-Name must be present and match the body: else 400 JSON -32020",
  "era-2026-removed-methods": "under the 2026-07-28 protocol initialize, ping, logging/setLevel and resources/(un)subscribe are -32601; server/discover is -32601 to a legacy request",
  "era-2026-status-codes": "under the 2026-07-28 header an answer with -32601 is 404, with -32602, -32021 or -32022 400, as one JSON body instead of an event stream",
  "era-2026-notifications-exempt": "a notification under the 2026-07-28 header needs no `_meta` triple (202; v1.7.0 refuses it -32602)",
} as const;

export type ChangeId = keyof typeof changeTable;

/** The releases served, oldest first. */
export const releases = ["1.6.1", "1.7.0", "1.8.0"] as const;
export type Release = (typeof releases)[number];

const since170: readonly ChangeId[] = [
  "cache-hints",
  "false-tool-hints",
  "html-escaping",
  "resource-not-found-code",
  "invalid-params-code",
  "duplicate-initialize",
  "subscribe-not-supported-text",
  "complete-params-checked",
  "supported-versions-text",
  "method-checked-first",
  "sse-ok-comment",
  "stdio-method-not-found",
  "empty-method-key",
  "pre-initialize-methods",
];

// Stateless, go-sdk has no stateful method switch and no GET stream: those two changes never show.
// A stateless request is served on a session initialized already: nothing is "before initialize".
const statelessSince170 = since170.filter((id) => id !== "method-checked-first" && id !== "sse-ok-comment" && id !== "pre-initialize-methods");

// The 2026-07-28 era as v1.7.0 serves it: one servePOST for both modes, where a stateful server
// refuses every era request but server/discover (era-2026-stateful-*).
const era2026: readonly ChangeId[] = [
  "era-2026-served",
  "era-2026-result-fields",
  "era-2026-meta-validation",
  "era-2026-header-checks",
  "era-2026-removed-methods",
  "era-2026-status-codes",
];

/** A profile's name: the release, and `-stateless` for StreamableHTTPOptions.Stateless. */
export type ProfileName = Release | `${Release}-stateless`;

/**
 * Each profile's served changes, from go-sdk v1.6.1 stateful (the base: none). What every
 * stateless profile shares (no initialize needed, no session looked up, GET 405) is the
 * --stateless transport itself (http/streamable.ts serveStateless), v1.6.1's Stateless mode.
 */
export const profiles: Record<ProfileName, ReadonlySet<ChangeId>> = {
  "1.6.1": new Set(),
  "1.7.0": new Set([...since170, ...era2026, "era-2026-stateful-plaintext"]),
  // v1.8.0 answers the legacy protocol as v1.7.0 does; it parts only on 2026-07-28 requests,
  // which it refuses with -32022 instead of v1.7.0's plain text, and on era notifications.
  "1.8.0": new Set([...since170, ...era2026, "era-2026-stateful-32022", "era-2026-notifications-exempt"]),
  "1.6.1-stateless": new Set(),
  "1.7.0-stateless": new Set([...statelessSince170, ...era2026, "stateless-no-session-id"]),
  "1.8.0-stateless": new Set([...statelessSince170, ...era2026, "stateless-no-session-id", "era-2026-notifications-exempt"]),
};

export function profileName(release: Release, stateless: boolean): ProfileName {
  return stateless ? `${release}-stateless` : release;
}

export function isRelease(v: string): v is Release {
  return (releases as readonly string[]).includes(v);
}

/** StreamableHTTPOptions.Stateless, or not: the transport's own rules (http/streamable.ts). */
export type Mode = "stateful" | "stateless";

/**
 * How a request of the 2026-07-28 era (its header, or its `_meta` version) is met:
 * - `unknown`: the version is not one the server has (v1.6.1: the unsupported-version 400);
 * - `served`: it is served (a stateless server from v1.7.0);
 * - `refused-plaintext`: a stateful v1.7.0 refuses it with a plain-text 400, server/discover excepted;
 * - `refused-32022`: a stateful v1.8.0 refuses it with 400 JSON -32022, server/discover excepted.
 */
export type Era = "unknown" | "served" | "refused-plaintext" | "refused-32022";

/**
 * What one server answers as: the go-sdk release, the mode and the era, and the measured changes
 * they switch. Built from config (profileOf) and carried by the host to its sessions and wire
 * checks, so two hosts in one process each answer as their own.
 */
export interface Profile {
  readonly name: ProfileName;
  readonly release: Release;
  readonly mode: Mode;
  readonly era: Era;
  /** Whether this profile has the go-sdk change (the set is `changes`). */
  has(change: ChangeId): boolean;
  readonly changes: ReadonlySet<ChangeId>;
}

function eraOf(changes: ReadonlySet<ChangeId>, mode: Mode): Era {
  if (!changes.has("era-2026-served")) return "unknown";
  if (mode === "stateless") return "served";
  if (changes.has("era-2026-stateful-32022")) return "refused-32022";
  if (changes.has("era-2026-stateful-plaintext")) return "refused-plaintext";
  throw new Error("a stateful profile that serves the 2026-07-28 era must say how it refuses its requests");
}

function build(release: Release, mode: Mode): Profile {
  const name = profileName(release, mode === "stateless");
  const changes = profiles[name];
  return Object.freeze({ name, release, mode, era: eraOf(changes, mode), changes, has: (change: ChangeId) => changes.has(change) });
}

/** One frozen value per profile: its identity changes exactly when the profile does (toolListText keys on it). */
const built = new Map<ProfileName, Profile>(releases.flatMap((r) => [[profileName(r, false), build(r, "stateful")] as const, [profileName(r, true), build(r, "stateless")] as const]));

/** The profile for config's `--go-sdk` and `--stateless`. */
export function profileOf(config: { goSdk: Release; stateless: boolean }): Profile {
  return built.get(profileName(config.goSdk, config.stateless)) as Profile;
}

/** go-sdk v1.6.1, stateful: what a host answers as when its config says nothing else. */
export const baseProfile: Profile = profileOf({ goSdk: "1.6.1", stateless: false });
