// A tool file's notes (the prose between the front matter and the first `##` section) as HTML
// for the dashboard. Tool files are trusted like code, but the page still never injects raw
// HTML: markdown -> HTML tree -> rehype-sanitize (GitHub's allow-list) -> text.
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

/** Notes sit under the page's own h2/h3: their `#` becomes h4 and so on, so the outline stays true. */
function demoteHeadings() {
  const walk = (node: HastNode) => {
    const level = node.type === "element" && /^h([1-6])$/.exec(node.tagName ?? "");
    if (level) node.tagName = `h${Math.min(6, Number(level[1]) + 3)}`;
    node.children?.forEach(walk);
  };
  return (tree: HastNode) => walk(tree);
}

export type RenderNotes = (markdown: string) => string;

let loading: Promise<RenderNotes> | undefined;

/** The renderer, once its packages are loaded (the same promise for every caller). */
export function loadNotesRenderer(): Promise<RenderNotes> {
  loading ??= (async () => {
    const [{ default: rehypeSanitize }, { default: rehypeStringify }, { default: remarkGfm }, { default: remarkParse }, { default: remarkRehype }, { unified }] = await Promise.all([
      import("rehype-sanitize"),
      import("rehype-stringify"),
      import("remark-gfm"),
      import("remark-parse"),
      import("remark-rehype"),
      import("unified"),
    ]);
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(demoteHeadings).use(rehypeSanitize).use(rehypeStringify);
    return (markdown) => String(processor.processSync(markdown));
  })();
  return loading;
}
