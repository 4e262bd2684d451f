// Relative links in the project's markdown, checked the way GitHub renders them: the file (or
// folder) a link names must exist, and a `#fragment` must be a heading of the page it points to
// (or an explicit `<a id>`/`<a name>`), slugged as GitHub slugs headings. Links inside fenced
// code blocks and code spans are not links, and neither are their `#` lines headings.
import fs from "node:fs";
import path from "node:path";

export interface LinkProblem {
  file: string;
  line: number;
  link: string;
  reason: string;
}

/** The lines of a page that are prose: fenced code blocks blanked, so line numbers stay true. */
function proseLines(text: string): string[] {
  const lines = text.split("\n");
  let fence: string | null = null;
  return lines.map((line) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (opener) {
        fence = opener[1] as string;
        return "";
      }
      return line;
    }
    if (opener && (opener[1] as string)[0] === fence[0] && (opener[1] as string).length >= fence.length && line.trim() === opener[1]) fence = null;
    return "";
  });
}

/** GitHub's heading slug: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** Every fragment a page answers to: its headings' slugs (repeats numbered) and explicit ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1] as string);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  }
  return anchors;
}

/** The link targets of a page with their lines: inline links, images and reference definitions. */
export function linksOf(text: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  proseLines(text).forEach((raw, i) => {
    const line = raw.replace(/(`+)[\s\S]*?\1/g, "");
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line: i + 1, target: m[1] as string });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition) found.push({ line: i + 1, target: definition[1] as string });
  });
  return found;
}

/** Every broken relative link and missing anchor of `files` (paths relative to `root`). */
export function checkLinks(root: string, files: string[], read: (file: string) => string = (f) => fs.readFileSync(path.join(root, f), "utf8")): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let set = anchorCache.get(file);
    if (!set) anchorCache.set(file, (set = anchorsOf(read(file))));
    return set;
  };
  for (const file of files) {
    for (const { line, target } of linksOf(read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like: not ours to check
      const hash = target.indexOf("#");
      const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const fragment = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const resolved = pathPart === "" ? file : path.normalize(path.join(path.dirname(file), pathPart));
      if (resolved.startsWith("..")) {
        problems.push({ file, line, link: target, reason: "points outside the repository" });
        continue;
      }
      if (pathPart !== "" && !fs.existsSync(path.join(root, resolved))) {
        problems.push({ file, line, link: target, reason: `${resolved} does not exist` });
        continue;
      }
      if (fragment !== null && fragment !== "" && resolved.endsWith(".md") && !anchors(resolved).has(fragment)) {
        problems.push({ file, line, link: target, reason: `${resolved} has no heading #${fragment}` });
      }
    }
  }
  return problems;
}
