// node parity/profiles/default.mjs: which profile may be the default. Holds every example the
// contract seeds give as a request/response pair (seed 003, the server surface; the argument
// failure wording of seed 002: a result with isError and the Go validator's first error, and an
// unknown tool as JSON-RPC error -32602) against each recorded profile's
// snapshots, and writes parity/profiles/default.md: per profile and example, agrees or not and
// why. The default is the newest profile that agrees with all of them. --check: fail if
// default.md would change. Seeds: ../shared/seeds beside the project (CAREEM_MCP_SEEDS=DIR).
import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { profilesSnapshotsDir, projectRoot, snapshotsDir } from "../cases.mjs";

const here = import.meta.dirname;
const seedsDir = process.env.CAREEM_MCP_SEEDS ?? path.resolve(projectRoot, "..", "shared", "seeds");
const surfaceSeed = fs.readdirSync(seedsDir).find((f) => f.startsWith("003_"));
const surface = fs.readFileSync(path.join(seedsDir, surfaceSeed), "utf8");

/** The fenced blocks of one info string (```json response) in the seed, in order. */
function blocks(info) {
  const out = [];
  const re = new RegExp("```" + info + "\\n([\\s\\S]*?)\\n```", "g");
  for (const m of surface.matchAll(re)) out.push(m[1]);
  return out;
}
const [seedInitialize, seedResourcesList] = blocks("json response").map((b) => JSON.parse(b.replace('"<service.version from config>"', '"v1.0.0"')));
const [seedWidgetHtml] = blocks("text response");

const pinned = "v1.6.1";
const profiles = fs
  .readdirSync(profilesSnapshotsDir)
  .filter((d) => fs.existsSync(path.join(profilesSnapshotsDir, d, "RECORDED-WITH.txt")))
  .sort((a, b) => (a.replace(/\d+/g, (x) => x.padStart(6, "0")) < b.replace(/\d+/g, (x) => x.padStart(6, "0")) ? -1 : 1));

function snapshot(profile, name) {
  const dirs = profile === pinned ? [snapshotsDir, path.join(profilesSnapshotsDir, pinned)] : [path.join(profilesSnapshotsDir, profile)];
  for (const d of dirs) {
    const f = path.join(d, `${name}.txt`);
    if (fs.existsSync(f)) return fs.readFileSync(f, "utf8");
  }
  return undefined;
}
/** The JSON-RPC answers of an HTTP snapshot, each with the HTTP headers it came with. */
function answers(text) {
  const out = [];
  for (const part of text.split(/\n(?=<<< \d+\n)/).slice(1)) {
    const head = part.split("\n\n")[0].split("\n");
    const headers = Object.fromEntries(head.slice(1).map((l) => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]));
    const data = part.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)));
    out.push({ status: head[0].slice(4), headers, messages: data });
  }
  return out;
}
const byId = (text, id) => answers(text).flatMap((a) => a.messages.map((m) => ({ ...m, headers: a.headers }))).find((m) => m.id === id);
const extraKeys = (got, want) => Object.keys(got ?? {}).filter((k) => !(k in want));

// Each example: what the seed shows, and a check that returns undefined (agrees) or why not.
const examples = [
  {
    id: "initialize",
    seed: "003 `### initialize`: the `json response` block (serverInfo.version from config: v1.0.0; no title, no instructions)",
    check(p) {
      const t = snapshot(p, "http/initialize/version-2025-06-18");
      const r = t && byId(t, 1)?.result;
      if (!r) return "no initialize result recorded";
      if (!isDeepStrictEqual(r, seedInitialize)) return `result differs: ${JSON.stringify(r)}`;
    },
  },
  {
    id: "stateful-session",
    seed: "003 Transport: go-sdk `NewStreamableHTTPHandler`, **stateful sessions** (an unknown session id gets 404)",
    check(p) {
      const t = snapshot(p, "http/initialize/version-2025-06-18");
      if (!t || !byId(t, 1)?.headers["mcp-session-id"]) return "initialize answers no Mcp-Session-Id";
      const u = snapshot(p, "http/session/unknown-id");
      const a = u && answers(u);
      if (!a || a[a.length - 1].status !== "404") return `an unknown session id answers ${a?.[a.length - 1]?.status}, not 404`;
    },
  },
  {
    id: "resources/list",
    seed: "003 `## Resources`: the `resources/list` `json response` block",
    check(p) {
      const t = snapshot(p, "http/resources/list");
      const r = t && answers(t).flatMap((a) => a.messages).find((m) => m.result?.resources)?.result;
      if (!r) return "no resources/list result recorded";
      const extra = extraKeys(r, seedResourcesList);
      if (extra.length) return `the result carries ${extra.map((k) => `\`${k}\`: ${JSON.stringify(r[k])}`).join(", ")}, which the seed's result does not`;
      if (!isDeepStrictEqual(r, seedResourcesList)) return "the resources differ";
    },
  },
  {
    id: "resources/read",
    seed: "003 `## Resources`: resources/read returns one content item, same uri, mimeType and _meta as the list, `text` the HTML shell of the `text response` block",
    check(p) {
      const t = snapshot(p, "http/resources/read-widget");
      const r = t && answers(t).flatMap((a) => a.messages).find((m) => m.result?.contents)?.result;
      if (!r) return "no resources/read result recorded";
      const c = r.contents?.[0];
      const listed = seedResourcesList.resources[0];
      if (r.contents.length !== 1 || c.uri !== listed.uri || c.mimeType !== listed.mimeType || !isDeepStrictEqual(c._meta, listed._meta)) return "the content item differs from the listed resource";
      if (c.text.trim() !== seedWidgetHtml.trim()) return "the HTML differs";
      const extra = extraKeys(r, { contents: 1 });
      if (extra.length) return `agrees on the item; the result also carries ${extra.map((k) => `\`${k}\``).join(", ")} (the seed gives no full result to hold it to)`;
    },
    soft: true,
  },
  {
    id: "tools/call-shape",
    seed: "003 `### tools/call`: one `text` item holding the JSON of the output, `structuredContent` the same object, `isError: false` for business failures",
    check(p) {
      const t = snapshot(p, "http/tools-call/get_wallet_balance/scenario-balance-only");
      const r = t && byId(t, 3)?.result;
      if (!r) return "no result recorded";
      if (r.content?.length !== 1 || r.content[0].type !== "text" || !isDeepStrictEqual(JSON.parse(r.content[0].text), r.structuredContent) || r.isError) return `shape differs: ${JSON.stringify(r).slice(0, 200)}`;
    },
  },
  {
    id: "unknown-tool",
    seed: "003 `### tools/call`: unknown tool → JSON-RPC error `-32602` `unknown tool \"<name>\"`, no prefix",
    check(p) {
      const t = snapshot(p, "http/tools-call/unknown-tool");
      const e = t && answers(t).flatMap((a) => a.messages).find((m) => m.error)?.error;
      if (!e || e.code !== -32602 || !/^unknown tool "[^"]+"$/.test(e.message)) return `answers ${JSON.stringify(e)}`;
    },
  },
  {
    id: "arguments-invalid",
    seed: "002, worded as the Go validator words it: an argument failure is a result, `isError: true`, text `validating \"arguments\": validating root: required: missing properties: [...]`",
    check(p) {
      const t = snapshot(p, "http/tools-call/get_ride_status/root/missing-rideId");
      const r = t && answers(t).flatMap((a) => a.messages).at(-1)?.result;
      if (!r || r.isError !== true || !/^validating "arguments": validating root: required: missing properties: \["rideId"\]$/.test(r.content?.[0]?.text ?? "")) return `answers ${JSON.stringify(r ?? null).slice(0, 200)}`;
    },
  },
  {
    id: "tools/list-widget-meta",
    seed: "003 `### tools/list`: tools that render the widget carry `_meta.ui.resourceUri: ui://careem-mcp-app`; `outputSchema` advertised",
    check(p) {
      const t = snapshot(p, "http/tools-list/plain");
      const r = t && answers(t).flatMap((a) => a.messages).find((m) => m.result?.tools)?.result;
      if (!r) return "no tools/list result recorded";
      if (!r.tools.some((x) => x._meta?.ui?.resourceUri === "ui://careem-mcp-app") || !r.tools.some((x) => x.outputSchema)) return "no tool carries the widget _meta or an outputSchema";
    },
  },
];

const rows = profiles.map((p) => ({ profile: p, results: examples.map((e) => ({ id: e.id, soft: Boolean(e.soft), why: e.check(p) })) }));
const agrees = (row) => row.results.every((r) => r.why === undefined || r.soft);
const candidates = rows.filter(agrees).map((r) => r.profile);
const chosen = candidates[candidates.length - 1];

const md = [];
md.push("<!-- Generated by parity/profiles/default.mjs from the seeds and the recorded snapshots; do not edit. -->");
md.push("# The default profile");
md.push("");
md.push(`**${chosen ?? "none"}**: the newest recorded profile whose snapshots agree with every request/response example in the seeds (\`${path.relative(projectRoot, path.join(seedsDir, surfaceSeed)).replace(/\\/g, "/")}\` and, for argument failures and unknown tools, the Go validator's and go-sdk's wording).`);
md.push("");
md.push("| example | seed | " + rows.map((r) => r.profile).join(" | ") + " |");
md.push("| --- | --- | " + rows.map(() => "---").join(" | ") + " |");
for (const e of examples) md.push(`| ${e.id} | ${e.seed.replace(/\|/g, "\\|")} | ${rows.map((r) => { const x = r.results.find((y) => y.id === e.id); return x.why === undefined ? "agrees" : x.soft ? "agrees (note)" : "**differs**"; }).join(" | ")} |`);
md.push("");
md.push("## Why not");
for (const r of rows) {
  const notes = r.results.filter((x) => x.why !== undefined);
  if (notes.length === 0) continue;
  md.push("");
  md.push(`- **${r.profile}**${agrees(r) ? " (agrees)" : ""}:`);
  for (const n of notes) md.push(`  - ${n.id}${n.soft ? " (note, not a disagreement)" : ""}: ${n.why.replace(/\|/g, "\\|")}`);
}
md.push("");
md.push("The examples are exact where the seed prints a whole result (initialize, resources/list) and checked for the shape it");
md.push("describes elsewhere. What keeps v1.7.0 and later from the default is the one whole-result example they change:");
md.push("resources/list gains `ttlMs` and `cacheScope` beside `resources` (the cache hints, see differences.md). The seed's");
md.push("`_meta.annotations.ttlMs: 60000` is the resource's own metadata, not that field. The local build's `413` for an oversized body (its");
md.push("documented `--body-limit`) matches v1.7.0 and later, but it is not a seed example: it is the local build's own limit.");
md.push("");
md.push("A stateless profile can never be the default: seed 003 says production runs stateful sessions. Profiles newer than the default");
md.push("are opt-in (`--go-sdk`), for the client teams testing the release production moves to next.");
const text = md.join("\n") + "\n";
const out = path.join(here, "default.md");
if (process.argv.includes("--check")) {
  const same = fs.existsSync(out) && fs.readFileSync(out, "utf8") === text;
  if (!same) console.log("profiles: parity/profiles/default.md is stale (node parity/profiles/default.mjs)");
  process.exitCode = same ? 0 : 1;
} else fs.writeFileSync(out, text);
console.log(`profiles: default ${chosen ?? "none"} (agreeing: ${candidates.join(", ") || "none"})`);
