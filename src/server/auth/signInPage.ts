// The authorize step's page: choose who to sign in as. Plain HTML with a labelled radio group
// and two buttons, so it works by keyboard and screen reader and from a test's form POST. It
// names the client by the name it registered (RFC 7591 `client_name`); its id, a UUID, is
// only the small print. Styles are inline: the page must render with nothing else served.
import { clientOnly, personas } from "./personas.js";

export const signInPath = "/sign-in";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `
:root { color-scheme: light dark; --bg: #f5f7f6; --card: #fff; --text: #17211c; --muted: #5b6861; --line: #d9e0dc; --accent: #00794a; --accent-text: #fff; --soft: #e0f2ea; --focus: #1d5fd1; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f1412; --card: #171e1b; --text: #e4ece7; --muted: #9aa9a1; --line: #2c3833; --accent: #3fcf8e; --accent-text: #0f1412; --soft: #173527; --focus: #7fb0ff; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 24px; }
main { width: min(480px, 100%); background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 32px; box-shadow: 0 8px 24px #0000000f; }
.brand { font-size: 13px; font-weight: 600; letter-spacing: .06em; text-transform: uppercase; color: var(--accent); margin: 0 0 8px; }
h1 { font-size: 24px; line-height: 1.25; margin: 0 0 12px; }
p { margin: 0 0 16px; }
.small { font-size: 13px; color: var(--muted); }
code { font: 13px ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
fieldset { border: 0; padding: 0; margin: 0 0 24px; display: grid; gap: 8px; }
legend { font-weight: 600; margin-bottom: 8px; }
.choice { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; align-items: start; border: 1px solid var(--line); border-radius: 8px; padding: 12px; cursor: pointer; }
.choice:has(input:checked) { border-color: var(--accent); background: var(--soft); }
.choice input { margin: 4px 0 0; accent-color: var(--accent); }
.choice label { font-weight: 600; cursor: pointer; }
.choice p { grid-column: 2; margin: 0; font-size: 13px; color: var(--muted); }
.actions { display: flex; gap: 12px; }
button { font: inherit; font-weight: 600; border-radius: 8px; padding: 8px 20px; cursor: pointer; border: 1px solid var(--line); background: transparent; color: var(--text); }
button[value="allow"] { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;

export interface SignInPageOptions {
  requestId: string;
  /** What the client registered as its name; absent, the page says the client gave none. */
  clientName?: string;
  clientId?: string;
  clientUri?: string;
  resource: string;
}

export function signInPage(opts: SignInPageOptions): string {
  const choices = [
    ...personas.map((p) => ({ value: p.userId, label: p.label, description: p.description })),
    { value: clientOnly, label: "No user: the client only", description: "a token whose sub is the client id; every tool call answers missing X-User-ID header" },
  ];
  const radios = choices
    .map(
      (c, i) => `<div class="choice">
<input type="radio" id="persona-${i}" name="persona" value="${escapeHtml(c.value)}" aria-describedby="persona-${i}-about"${i === 0 ? " checked" : ""}>
<label for="persona-${i}">${escapeHtml(c.label)}</label>
<p id="persona-${i}-about">${escapeHtml(c.description)}</p>
</div>`,
    )
    .join("\n");
  const named = opts.clientName?.trim();
  const client = named ? `<strong>${escapeHtml(named)}</strong>` : "<strong>A client that registered no name</strong>";
  const about = [opts.clientUri ? `<a href="${escapeHtml(opts.clientUri)}" rel="noreferrer">${escapeHtml(opts.clientUri)}</a>` : "", opts.clientId ? `client id <code>${escapeHtml(opts.clientId)}</code>` : ""].filter(Boolean).join(" · ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="color-scheme" content="light dark">
<title>Sign in: careem-mcp-service (local)</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="brand">careem-mcp-service · local</p>
<h1>Sign in to careem-mcp-service (local)</h1>
<p>${client} asks to act for you at <code>${escapeHtml(opts.resource)}</code>.</p>
${about ? `<p class="small">${about}</p>` : ""}
<p class="small">This is the local build's authorization server: no password, pick a persona from FIXTURES.md.</p>
<form method="post" action="${signInPath}">
<input type="hidden" name="request" value="${escapeHtml(opts.requestId)}">
<fieldset>
<legend>Sign in as</legend>
${radios}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="allow">Sign in</button>
<button type="submit" name="action" value="deny">Deny</button>
</div>
</form>
</main>
</body>
</html>
`;
}
