// Writes parity/corpus/cases.jsonl (one case a line) from the generators beside it. The generated file is committed,
// so recording and replaying read the same cases whatever the build does; rerun this (and
// `npm run parity:record`) when the catalog or the generators change.
import fs from "node:fs";
import path from "node:path";
import { httpCases } from "./http.mjs";
import { protocolCases } from "./protocol.mjs";
import { toolCases } from "./tools.mjs";
import { era2026Cases } from "./generate-2026.mjs";
import { fuzzFoundCases } from "./fuzzFound.mjs";

const here = import.meta.dirname;
const toolsDir = path.resolve(here, "../../tools");

const protocol = protocolCases();
const tools = toolCases(toolsDir);
const cases = [];
// Message cases are stored as messages; the runner wraps them in HTTP requests (messagesToHttp).
for (const c of protocol) cases.push({ transport: "http", name: `http/${c.name}`, raw: Boolean(c.raw), messages: c.messages });
for (const c of tools) cases.push({ transport: "http", name: `http/${c.name}`, raw: false, messages: c.messages });
for (const c of httpCases()) cases.push({ transport: "http", name: `http/${c.name}`, steps: c.steps });
// Over stdio (a process per case, so fewer): lifecycle, framing and error paths, not every
// variant HTTP already covers.
const overStdio = /^(initialize\/|lifecycle\/|jsonrpc\/|method\/|resources\/read-|tools-call\/|tools-list\/plain|ping\/(plain|id-null|id-string)|logging\/(setLevel-debug|setLevel-invalid|debug-then-call))/;
for (const c of protocol) if (overStdio.test(c.name)) cases.push({ transport: "stdio", name: `stdio/${c.name}`, raw: Boolean(c.raw), messages: c.messages });
// And a few tools' first scenario and the argument shapes every tool shares.
const stdioTools = new Set(["get_ride_status", "get_wallet_balance", "search_products", "offer_search", "cart_checkout"]);
const firstOfTool = new Set();
for (const c of tools) {
  const tool = c.name.split("/")[1];
  const generic = /\/(arguments-(absent|null|array)|root\/additional-property)$/.test(c.name) && tool === "get_ride_status";
  if ((c.name.includes("/scenario-") && !firstOfTool.has(tool) && stdioTools.has(tool)) || generic) {
    if (c.name.includes("/scenario-")) firstOfTool.add(tool);
    cases.push({ transport: "stdio", name: `stdio/${c.name}`, raw: false, messages: c.messages });
  }
}
// What the differential fuzzer found: message cases over both transports, byte cases over HTTP.
const found = fuzzFoundCases();
for (const c of found.messages) cases.push({ transport: "http", name: `http/${c.name}`, raw: c.raw, messages: c.messages });
for (const c of found.steps) cases.push({ transport: "http", name: `http/${c.name}`, steps: c.steps });
for (const c of found.messages) cases.push({ transport: "stdio", name: `stdio/${c.name}`, raw: c.raw, messages: c.messages });
const names = new Set();
for (const c of cases) {
  if (names.has(c.name)) throw new Error(`duplicate case name ${c.name}`);
  names.add(c.name);
}
fs.writeFileSync(path.join(here, "cases.jsonl"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
const by = cases.reduce((m, c) => ((m[c.transport] = (m[c.transport] ?? 0) + 1), m), {});
console.log(`parity corpus: ${cases.length} cases (${Object.entries(by).map(([k, v]) => `${v} ${k}`).join(", ")})`);
// The 2026-07-28 era's cases, in a file of their own (see generate-2026.mjs).
const era = era2026Cases(cases);
fs.writeFileSync(path.join(here, "cases-2026.jsonl"), era.map((c) => JSON.stringify(c)).join("\n") + "\n");
console.log(`parity corpus (2026-07-28 era): ${era.length} cases`);
