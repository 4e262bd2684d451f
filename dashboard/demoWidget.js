// The demo widget's document: its bundle (dist/demo-widget.js, built from demo-widget/main.js)
// and stylesheet inlined into one HTML shell under a nonce, so the sandboxed frame loads
// nothing from the network. Fetched from this server once, on first use.
let loading = null;

function randomNonce() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response.text();
}

/** Resolves `{ html, csp, nonce }` as the widget host takes a resource. */
export function demoWidget() {
  loading ??= (async () => {
    const [script, style] = await Promise.all([text("./demo-widget.js"), text("./demo-widget.css")]);
    const nonce = randomNonce();
    // "</script" inside the bundle would end the element early.
    const code = script.replace(/<\/script/gi, "<\\/script");
    const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Careem demo widget</title>
<style>${style}</style>
</head>
<body>
<div id="root"></div>
<script type="module" nonce="${nonce}">${code}</script>
</body>
</html>`;
    return { html, csp: {}, nonce, name: "the demo widget" };
  })();
  loading.catch(() => (loading = null));
  return loading;
}
