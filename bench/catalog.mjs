// Builds benchmark catalogs in temp directories: a snapshot of the shipped tools, and a large
// catalog of renamed copies of them. Nothing here is ever written inside the project.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const TOOL_BLOCK = /^```json tool[^\n]*\n([\s\S]*?)\n```[ \t]*$/m;

/** Every `<domain>/<tool>.md` under dir, as { domain, name, file }, sorted. */
export function listToolFiles(dir) {
  const out = [];
  for (const domain of fs.readdirSync(dir, { withFileTypes: true })) {
    // "_world" and other "_" folders hold what tools share, never tools.
    if (!domain.isDirectory() || domain.name.startsWith(".") || domain.name.startsWith("_")) continue;
    for (const entry of fs.readdirSync(path.join(dir, domain.name), { withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".md") || entry.name === "README.md") continue;
      out.push({ domain: domain.name, name: entry.name.slice(0, -3), file: path.join(dir, domain.name, entry.name) });
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The same tool file under a new name: file name, front matter `tool:`, the `# heading` and the
 * definition's `name` all change together. Throws when the file does not have the expected shape.
 */
export function renameTool(text, oldName, newName) {
  const front = new RegExp(`^tool:[ \\t]*["']?${oldName}["']?([ \\t]*(#.*)?)$`, "m");
  if (!front.test(text)) throw new Error(`no "tool: ${oldName}" front matter line`);
  let out = text.replace(front, `tool: ${newName}$1`);
  out = out.replace(new RegExp(`^# ${oldName}[ \\t]*$`, "m"), `# ${newName}`);
  const block = TOOL_BLOCK.exec(out);
  if (!block) throw new Error("no ```json tool block");
  const definition = JSON.parse(block[1]);
  if (definition.name !== oldName) throw new Error(`definition name ${JSON.stringify(definition.name)} is not ${oldName}`);
  definition.name = newName;
  const fence = block[0].slice(0, block[0].indexOf("\n"));
  return withoutState(out.slice(0, block.index) + `${fence}\n${JSON.stringify(definition, null, 2)}\n\`\`\`` + out.slice(block.index + block[0].length));
}

/**
 * A copy reads the original's state and declares none of its own: each top-level key of the
 * persona's world belongs to one tool file (--check refuses a second declaration, issue 12),
 * so the `## State` section, up to the next `## ` heading, is left out of copies.
 */
function withoutState(text) {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.trim() === "## State");
  if (start < 0) return text;
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith("## ")) end++;
  return [...lines.slice(0, start), ...lines.slice(end)].join("\n");
}

export function makeTempDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `careem-bench-${label}-`));
}

/**
 * Copies the given tool files into dest/<domain>/ unchanged, and the catalog's shared folders
 * ("_world": the functions and data tool files call) with them: without those, a tool whose
 * `json when` calls a world function fails every call.
 */
export function copyCatalog(sources, dest) {
  const roots = new Set(sources.map((s) => path.dirname(path.dirname(s.file))));
  for (const root of roots) {
    for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name.startsWith("_")) fs.cpSync(path.join(root, entry.name), path.join(dest, entry.name), { recursive: true });
    }
  }
  for (const { domain, name, file } of sources) {
    fs.mkdirSync(path.join(dest, domain), { recursive: true });
    fs.copyFileSync(file, path.join(dest, domain, `${name}.md`));
  }
  return dest;
}

/**
 * dest gets the sources unchanged plus renamed copies (`<tool>_c0001`, …) until it holds `total`
 * files, spread over the same domain directories. Returns the list of files written.
 */
export function generateCatalog(sources, dest, total) {
  if (sources.length === 0) throw new Error("no source tool files to copy");
  copyCatalog(sources, dest);
  const texts = sources.map((s) => fs.readFileSync(s.file, "utf8"));
  const written = sources.map((s) => path.join(dest, s.domain, `${s.name}.md`));
  for (let i = 0; written.length < total; i++) {
    const k = i % sources.length;
    const { domain, name } = sources[k];
    const copyName = `${name}_c${String(Math.floor(i / sources.length) + 1).padStart(4, "0")}`;
    const file = path.join(dest, domain, `${copyName}.md`);
    fs.writeFileSync(file, renameTool(texts[k], name, copyName));
    written.push(file);
  }
  return written;
}

export function removeDir(dir) {
  if (dir && path.basename(dir).startsWith("careem-bench-")) fs.rmSync(dir, { recursive: true, force: true });
}
