// Small DOM helpers: every text goes in as text; the only HTML taken as is comes from the
// server's sanitised notes.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function time(iso) {
  return new Date(iso).toLocaleTimeString([], { hour12: false });
}

export function short(id) {
  return id === null ? "–" : id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

function sizeOf(text) {
  const bytes = new TextEncoder().encode(text).length;
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function shapeOf(value) {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  if (value && typeof value === "object") {
    const n = Object.keys(value).length;
    return `${n} key${n === 1 ? "" : "s"}`;
  }
  return value === null ? "null" : typeof value;
}

/** Lines of JSON above which a value starts folded: a long output must not push the page away. */
export const foldAbove = 10;

/** A JSON value under a disclosure that names its size; open when short, unless `open` says otherwise. */
export function foldedJson(label, value, open) {
  const text = JSON.stringify(value ?? null, null, 2);
  const lines = text.split("\n").length;
  return el(
    "details",
    { class: "json", open: open ?? lines <= foldAbove },
    el("summary", {}, label, el("span", { class: "meta" }, ` ${shapeOf(value)} · ${lines} lines · ${sizeOf(text)}`)),
    el("pre", { tabindex: 0, "aria-label": label }, text),
  );
}
