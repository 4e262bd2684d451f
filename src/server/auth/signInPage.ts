// The authorize step's page: choose who to sign in as. Plain HTML with a labelled radio group
// and two buttons, so it works by keyboard and screen reader and from a test's form POST.
import { clientOnly, personas } from "./personas.js";

export const signInPath = "/sign-in";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInPage(opts: { requestId: string; clientName: string; resource: string }): string {
  const choices = [
    ...personas.map((p) => ({ value: p.userId, label: p.label, description: p.description })),
    { value: clientOnly, label: "No user: the client only", description: "a token whose sub is the client id; every tool call answers missing X-User-ID header" },
  ];
  const radios = choices
    .map(
      (c, i) => `<div>
<input type="radio" id="persona-${i}" name="persona" value="${escapeHtml(c.value)}" aria-describedby="persona-${i}-about"${i === 0 ? " checked" : ""}>
<label for="persona-${i}">${escapeHtml(c.label)}</label>
<p id="persona-${i}-about">${escapeHtml(c.description)}</p>
</div>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Sign in: careem-mcp-service (local)</title>
</head>
<body>
<main>
<h1>Sign in to careem-mcp-service (local)</h1>
<p><strong>${escapeHtml(opts.clientName)}</strong> asks to act for you at <code>${escapeHtml(opts.resource)}</code>. This is the local build's authorization server: no password, pick a persona from FIXTURES.md.</p>
<form method="post" action="${signInPath}">
<input type="hidden" name="request" value="${escapeHtml(opts.requestId)}">
<fieldset>
<legend>Sign in as</legend>
${radios}
</fieldset>
<button type="submit" name="action" value="allow">Sign in</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>
</main>
</body>
</html>
`;
}
