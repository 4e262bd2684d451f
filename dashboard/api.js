// The page's only way to the server: the /_local/ JSON API (same origin, JSON bodies).
async function send(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ?? `${method} ${url}: ${response.status}`);
  return data;
}

export const api = {
  tools: () => send("GET", "./tools"),
  calls: () => send("GET", "./calls"),
  sessions: () => send("GET", "./sessions"),
  widget: () => send("GET", "./widget"),
  why: (tool, args, session) =>
    send("GET", `./why?${new URLSearchParams({ tool, arguments: JSON.stringify(args ?? {}), ...(session ? { session } : {}) })}`),
  force: (tool, scenario) => send("PUT", `./overrides/${encodeURIComponent(tool)}`, { scenario }),
  clear: (tool) => send("DELETE", `./overrides/${encodeURIComponent(tool)}`),
  state: () => send("GET", "./state"),
  world: () => send("GET", "./world"),
  evaluate: (body) => send("POST", "./evaluate", body),
  closeSession: (id) => send("DELETE", `./sessions/${encodeURIComponent(id)}`),
  resetState: (key) => send("DELETE", `./state/${encodeURIComponent(key)}`),
};
