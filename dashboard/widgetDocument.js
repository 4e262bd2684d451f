// The widget resource's HTML made ready for a sandboxed frame: the resource's own CSP
// (`_meta.ui.csp`) as a meta tag first in <head>, and for the ChatGPT Apps SDK kind a
// `window.openai` set before any of the widget's scripts run.

/** A CSP source for a declared domain. A source with a path matches only that exact path unless it ends in "/". */
export function cspSource(domain) {
  try {
    const url = new URL(domain);
    return url.pathname === "/" ? url.origin : `${url.origin}${url.pathname.replace(/\/?$/, "/")}`;
  } catch {
    return domain; // wildcards such as https://*.example.com are not URLs: taken as written
  }
}

export function contentSecurityPolicy(csp = {}, nonce) {
  const list = (domains) => (domains ?? []).map(cspSource).join(" ");
  const resources = list(csp.resourceDomains);
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${resources}`.trim(),
    `style-src 'unsafe-inline' ${resources}`.trim(),
    `img-src data: blob: ${resources}`.trim(),
    `font-src data: ${resources}`.trim(),
    `media-src data: blob: ${resources}`.trim(),
    `connect-src ${list(csp.connectDomains) || "'none'"}`,
    `frame-src ${list(csp.frameDomains) || "'none'"}`,
    `base-uri ${list(csp.baseUriDomains) || "'self'"}`,
  ].join("; ");
}

/** JSON inside a <script>: "<" escaped so no "</script>" in the data can end the element. */
function scriptJson(value) {
  return JSON.stringify(value ?? null).replace(/</g, "\\u003c");
}

/**
 * What the Apps SDK gives a widget: globals, and methods that reach the host by postMessage
 * (the frame has an opaque origin: messages are its only way out). The host answers on the
 * same channel; `careem-mcp:set-globals` updates globals and fires `openai:set_globals`.
 */
function openaiBootstrap(globals) {
  return `(() => {
  const pending = new Map();
  let next = 1;
  const ask = (method, params) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    window.parent.postMessage({ type: "careem-mcp:openai", id, method, params }, "*");
  });
  const openai = Object.assign(${scriptJson(globals)}, {
    callTool: (name, args) => ask("callTool", { name, arguments: args ?? {} }),
    sendFollowUpMessage: (params) => ask("sendFollowUpMessage", params),
    openExternal: (params) => ask("openExternal", params),
    requestDisplayMode: (params) => ask("requestDisplayMode", params),
    setWidgetState: (state) => { openai.widgetState = state; return ask("setWidgetState", state); },
  });
  window.openai = openai;
  // After the widget's own scripts ran (its set_globals listener is there): ask for the output.
  // The frame element's load alone raced a widget module still loading on a busy machine.
  window.addEventListener("load", () => window.parent.postMessage({ type: "careem-mcp:openai-ready" }, "*"));
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const data = event.data ?? {};
    if (data.type === "careem-mcp:openai-answer" && pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) reject(new Error(data.error)); else resolve(data.result);
    } else if (data.type === "careem-mcp:set-globals") {
      Object.assign(openai, data.globals);
      window.dispatchEvent(new CustomEvent("openai:set_globals", { detail: { globals: data.globals } }));
    }
  });
})();`;
}

/**
 * Runs first in the frame: a script or stylesheet that does not load (offline, a domain that does
 * not answer) or that the CSP refuses is told to the host, which says so above the frame instead
 * of leaving an empty box. Capturing on window: load errors do not bubble.
 */
const loadWatcher = `(() => {
  const tell = (what) => window.parent.postMessage({ type: "careem-mcp:load-failed", what }, "*");
  window.addEventListener("error", (event) => {
    const t = event.target;
    if (t && t !== window && (t.src || t.href)) tell(t.tagName.toLowerCase() + " " + (t.src || t.href) + " did not load");
  }, true);
  // "eval" is left out: libraries probe it and carry on without (zod does, in the demo widget).
  document.addEventListener("securitypolicyviolation", (event) => event.blockedURI !== "eval" && tell((event.blockedURI || "inline code") + " was refused by the resource's CSP (" + event.violatedDirective + ")"));
})();`;

function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, "");
}

/** `kind`: "mcp-apps" (messages only) or "openai" (window.openai injected with `globals`). */
export function widgetDocument(shell, { kind, csp, globals, nonce = randomNonce() }) {
  const head = [`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(csp, nonce).replace(/"/g, "&quot;")}">`, `<script nonce="${nonce}">${loadWatcher}</script>`];
  if (kind === "openai") head.push(`<script nonce="${nonce}">${openaiBootstrap(globals)}</script>`);
  const at = shell.search(/<head[^>]*>/i);
  if (at === -1) return `<!DOCTYPE html><html><head>${head.join("\n")}</head><body>${shell}</body></html>`;
  const end = shell.indexOf(">", at) + 1;
  return `${shell.slice(0, end)}\n${head.join("\n")}${shell.slice(end)}`;
}
