// node parity/profiles/differences.mjs: compares every recorded profile's snapshots with the
// base profile's (go-sdk v1.6.1, stateful: test/parity/snapshots for cases.jsonl and
// test/parity/profiles/v1.6.1 for cases-2026.jsonl) and writes
//   parity/profiles/differences.json  one row per (profile, case) that answers differently: the
//                                     kinds of difference found, each with its detail, and the
//                                     go-sdk change it comes from (changes.mjs)
//   parity/profiles/differences.md    the same, grouped by change, for people
// Both are deterministic (sorted, no timestamps), so a re-run after a re-recording shows in git
// exactly what moved.  --check: fail if either file would change.
import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { profilesSnapshotsDir, snapshotsDir } from "../cases.mjs";
import { attribute, changes } from "./changes.mjs";

const here = import.meta.dirname;
const basePinned = "v1.6.1";

function listTxt(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".txt") && f !== "RECORDED-WITH.txt")
    .map((f) => f.split(path.sep).join("/").replace(/\.txt$/, ""))
    .sort();
}

function readSet(dirs) {
  const m = new Map();
  for (const dir of dirs) for (const name of listTxt(dir)) m.set(name, fs.readFileSync(path.join(dir, `${name}.txt`), "utf8"));
  return m;
}

/** The answers of one snapshot: HTTP ones as {status, headers, body}, stdio ones as lines. */
function answers(name, text) {
  const lines = text.split("\n").slice(1);
  if (name.startsWith("stdio/")) return lines.filter((l) => l.startsWith("<<< ")).map((l) => ({ body: l.slice(4) }));
  const out = [];
  let cur;
  for (const l of lines) {
    if (l.startsWith(">>> ")) {
      cur = undefined;
      continue;
    }
    if (!cur && /^<<< \d+$/.test(l)) {
      cur = { status: l.slice(4), headers: {}, bodyLines: [], inBody: false };
      out.push(cur);
      continue;
    }
    if (!cur) continue;
    if (!cur.inBody) {
      if (l === "") cur.inBody = true;
      else {
        const i = l.indexOf(": ");
        cur.headers[l.slice(0, i)] = l.slice(i + 2);
      }
    } else cur.bodyLines.push(l);
  }
  return out.map((a) => ({ status: a.status, headers: a.headers, body: a.bodyLines.join("\n").replace(/\n+$/, "") }));
}

/** A body's JSON-RPC messages (SSE data lines or one JSON body), or undefined when it is text. */
function messages(body) {
  const data = body.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
  const raw = data.length > 0 ? data : body.trim() ? [body.trim()] : [];
  const parsed = [];
  for (const r of raw) {
    try {
      parsed.push({ raw: r, value: JSON.parse(r) });
    } catch {
      return undefined;
    }
  }
  return parsed;
}

const show = (v) => (v === undefined ? "(absent)" : JSON.stringify(v).length > 160 ? `${JSON.stringify(v).slice(0, 157)}...` : JSON.stringify(v));

/** Where two JSON values differ, as [path, base, profile] triples (arrays of objects by index). */
function jsonDiff(a, b, p = "", out = []) {
  if (isDeepStrictEqual(a, b)) return out;
  const obj = (v) => typeof v === "object" && v !== null;
  if (obj(a) && obj(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) jsonDiff(a[k], b[k], Array.isArray(a) ? `${p}[${k}]` : `${p}.${k}`, out);
    return out;
  }
  out.push([p || ".", a, b]);
  return out;
}

/** The kinds of difference between one base answer and one profile answer, each with its detail. */
function classifyAnswer(a, b, where) {
  const found = [];
  const add = (kind, detail) => found.push({ kind, detail: `${where}${detail}` });
  if (!a || !b) {
    add("answer-count", `${a ? "answered" : "no answer"} -> ${b ? "answered" : "no answer"}${b ? `: ${show(b.status ? `${b.status} ${b.body.slice(0, 120)}` : b.body.slice(0, 120))}` : ""}`);
    return found;
  }
  if (a.status !== b.status) add("status-code", `${a.status} -> ${b.status}`);
  if (a.headers || b.headers) {
    for (const h of [...new Set([...Object.keys(a.headers ?? {}), ...Object.keys(b.headers ?? {})])].sort()) {
      const x = a.headers?.[h];
      const y = b.headers?.[h];
      if (x === y) continue;
      if (h === "content-type") add("content-type", `${x ?? "(absent)"} -> ${y ?? "(absent)"}`);
      else add("header", `${h}: ${x ?? "(absent)"} -> ${y ?? "(absent)"}`);
    }
  }
  if (a.body === b.body) return found;
  const ma = messages(a.body);
  const mb = messages(b.body);
  if (!ma || !mb || ma.length === 0 || mb.length === 0) {
    if (ma?.length > 0 && !mb) add("error-as-text", `${show(ma.map((m) => m.value.error ?? "result")[0])} -> text ${show(b.body)}`);
    else if (mb?.length > 0 && !ma) add("text-as-jsonrpc", `text ${show(a.body)} -> ${show(mb[0].value.error ?? mb[0].value.result)}`);
    else add("text-body", `${show(a.body)} -> ${show(b.body)}`);
    return found;
  }
  if (a.body.replace(/: ok\n\n/g, "") === b.body.replace(/: ok\n\n/g, "")) {
    add("sse-comment", "a `: ok` comment opens the stream");
    return found;
  }
  if (ma.length !== mb.length) add("message-count", `${ma.length} -> ${mb.length} messages`);
  for (let i = 0; i < Math.min(ma.length, mb.length); i++) {
    const x = ma[i].value;
    const y = mb[i].value;
    if (isDeepStrictEqual(x, y)) {
      if (ma[i].raw !== mb[i].raw) add(/\\u003[ce]|\\u0026/.test(mb[i].raw) ? "html-escaping" : "json-encoding", "same JSON, different bytes");
      continue;
    }
    if (/\\u003[ce]|\\u0026/.test(mb[i].raw) && !/\\u003[ce]|\\u0026/.test(ma[i].raw)) add("html-escaping", "`\\u003c` where the base wrote `<`");
    if ("error" in (x ?? {}) !== "error" in (y ?? {})) {
      add(x?.error ? "error-became-result" : "result-became-error", `${show(x?.error ?? "result")} -> ${show(y?.error ?? "result")}`);
      continue;
    }
    for (const [p, u, v] of jsonDiff(x, y)) {
      if (p === ".error.code") add("error-code", `${u} -> ${v}`);
      else if (p === ".error.message") add("error-message", `${show(u)} -> ${show(v)}`);
      else if (p.startsWith(".error.data")) add("error-data", `${p.slice(6)}: ${show(u)} -> ${show(v)}`);
      else if (/^\.result\.(ttlMs|cacheScope)$/.test(p)) add("cache-hints", `${p.slice(8)}: ${show(u)} -> ${show(v)}`);
      else if (p === ".result.resultType") add("result-type", `${show(u)} -> ${show(v)}`);
      else if (p.startsWith(".result._meta")) add("result-meta", `${p.slice(8)}: ${show(u)} -> ${show(v)}`);
      else if (/\.annotations\.(readOnlyHint|idempotentHint)$/.test(p) && u === undefined && v === false) add("false-hints", p.replace(/\[\d+\]/, "[*]").slice(8));
      else if (p.startsWith(".result.protocolVersion")) add("negotiated-version", `${show(u)} -> ${show(v)}`);
      else add("result-content", `${p}: ${show(u)} -> ${show(v)}`);
    }
  }
  return found;
}

function classify(name, a, b) {
  const xa = answers(name, a);
  const xb = answers(name, b);
  const kinds = [];
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) kinds.push(...classifyAnswer(xa[i], xb[i], xa.length > 1 || xb.length > 1 ? `answer ${i + 1}: ` : ""));
  // One entry per kind and detail; false-hints once per case (every tool repeats it).
  const seen = new Set();
  return kinds.filter((k) => {
    const key = k.kind === "false-hints" ? k.kind : `${k.kind}|${k.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const profileNames = fs.existsSync(profilesSnapshotsDir) ? fs.readdirSync(profilesSnapshotsDir).filter((d) => fs.existsSync(path.join(profilesSnapshotsDir, d, "RECORDED-WITH.txt"))) : [];
const order = (p) => p.replace(/^v/, "").replace(/(\d+)/g, (d) => d.padStart(6, "0"));
profileNames.sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0));
const base = readSet([snapshotsDir, path.join(profilesSnapshotsDir, basePinned)]);

const profiles = [];
const rows = [];
for (const profile of profileNames) {
  const dir = path.join(profilesSnapshotsDir, profile);
  const own = profile === basePinned ? base : readSet([dir]);
  const [sdk, mode] = profile.split("-stateless").length > 1 ? [profile.replace("-stateless", ""), "stateless"] : [profile, "stateful"];
  let differing = 0;
  const byChange = {};
  for (const [name, text] of own) {
    const want = base.get(name);
    if (want === undefined || want === text) continue;
    const kinds = classify(name, want, text).map((k) => ({ ...k, change: attribute({ sdk, mode, name, ...k }) }));
    // A status or content type that moved with a body explained elsewhere in the same answer
    // belongs to that body's change.
    const answerOf = (k) => /^answer \d+: /.exec(k.detail)?.[0] ?? "";
    const weak = new Set(["unattributed", "era-2026-served"]);
    for (const k of kinds) {
      if (!["status-code", "content-type"].includes(k.kind) || !weak.has(k.change)) continue;
      const strong = kinds.find((o) => o !== k && answerOf(o) === answerOf(k) && !["status-code", "content-type"].includes(o.kind) && !weak.has(o.change));
      if (strong) k.change = strong.change;
    }
    differing++;
    for (const c of new Set(kinds.map((k) => k.change))) byChange[c] = (byChange[c] ?? 0) + 1;
    rows.push({ profile, case: name, kinds });
  }
  const notRecorded = [...base.keys()].filter((n) => !own.has(n)).length;
  profiles.push({ profile, goSdk: sdk, mode, cases: own.size, differing, notRecorded, notRecordedWhy: notRecorded ? "stdio cases: Stateless is an option of the HTTP handler; stdio answers as the same release's stateful profile" : undefined, byChange: Object.fromEntries(Object.entries(byChange).sort()) });
}
const usedChanges = [...new Set(rows.flatMap((r) => r.kinds.map((k) => k.change)))].sort();
const out = {
  about: "Per profile, the cases whose snapshot differs from the base profile's (go-sdk v1.6.1, stateful), each difference classified (kind) and attributed to a go-sdk change (changes). Generated by parity/profiles/differences.mjs from test/parity/snapshots and test/parity/profiles; do not edit.",
  base: { goSdk: basePinned, mode: "stateful", cases: base.size },
  profiles,
  changes: Object.fromEntries(usedChanges.map((c) => [c, changes[c] ?? { summary: "not attributed yet", source: "" }])),
  rows,
};
const jsonText = JSON.stringify(out, null, 1) + "\n";

// The markdown: a count table, then per change the cases by profile.
const md = [];
md.push("<!-- Generated by parity/profiles/differences.mjs from the recorded snapshots; do not edit. -->");
md.push("# What each go-sdk profile answers differently from v1.6.1 (stateful)");
md.push("");
md.push(`Base: go-sdk ${basePinned}, stateful, ${base.size} cases (cases.jsonl in test/parity/snapshots, cases-2026.jsonl in test/parity/profiles/${basePinned}). Machine-readable: differences.json.`);
md.push("");
md.push("| profile | cases recorded | differing | not recorded |");
md.push("| --- | --- | --- | --- |");
for (const p of profiles) md.push(`| ${p.profile} | ${p.cases} | ${p.differing} | ${p.notRecorded}${p.notRecorded ? " (stdio)" : ""} |`);
md.push("");
md.push("## By go-sdk change");
md.push("");
md.push(`| change | what | source | ${profiles.filter((p) => p.profile !== basePinned).map((p) => p.profile).join(" | ")} |`);
md.push(`| --- | --- | --- | ${profiles.filter((p) => p.profile !== basePinned).map(() => "---").join(" | ")} |`);
for (const c of usedChanges) md.push(`| \`${c}\` | ${out.changes[c].summary} | ${out.changes[c].source} | ${profiles.filter((p) => p.profile !== basePinned).map((p) => p.byChange[c] ?? 0).join(" | ")} |`);
md.push("");
md.push("## Cases per change and profile");
for (const c of usedChanges) {
  md.push("");
  md.push(`### \`${c}\``);
  md.push("");
  for (const p of profiles) {
    const names = rows.filter((r) => r.profile === p.profile && r.kinds.some((k) => k.change === c)).map((r) => r.case);
    if (names.length === 0) continue;
    const example = rows.find((r) => r.profile === p.profile && r.kinds.some((k) => k.change === c)).kinds.find((k) => k.change === c);
    const shown = names.length > 12 ? `${names.slice(0, 12).map((n) => `\`${n}\``).join(", ")} and ${names.length - 12} more` : names.map((n) => `\`${n}\``).join(", ");
    md.push(`- **${p.profile}** (${names.length}): ${shown}. E.g. ${example.kind}: ${example.detail.replace(/\|/g, "\\|")}`);
  }
}
const mdText = md.join("\n") + "\n";

const targets = [
  [path.join(here, "differences.json"), jsonText],
  [path.join(here, "differences.md"), mdText],
];
if (process.argv.includes("--check")) {
  const stale = targets.filter(([f, t]) => !fs.existsSync(f) || fs.readFileSync(f, "utf8") !== t);
  for (const [f] of stale) console.log(`profiles: ${path.relative(process.cwd(), f)} is stale (node parity/profiles/differences.mjs)`);
  process.exitCode = stale.length ? 1 : 0;
} else for (const [f, t] of targets) fs.writeFileSync(f, t);
for (const p of profiles) console.log(`profiles: ${p.profile}: ${p.cases} cases, ${p.differing} differ from ${basePinned} stateful`);
const unattributed = rows.filter((r) => r.kinds.some((k) => k.change === "unattributed"));
if (unattributed.length) console.log(`profiles: ${unattributed.length} differing cases have a difference no change in changes.mjs explains`);
