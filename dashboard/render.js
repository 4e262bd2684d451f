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

/** The widget shell with window.openai set before any of its scripts run. */
export function widgetDocument(shell, toolOutput) {
  // JSON inside a <script>: "<" escaped so no "</script>" in the data can end the element.
  const json = JSON.stringify(toolOutput ?? null).replace(/</g, "\\u003c");
  const inject = `<script>window.openai = { toolOutput: ${json}, toolInput: null, widgetState: null, theme: "light", locale: "en" };</script>`;
  return shell.replace("<head>", `<head>\n${inject}`);
}
