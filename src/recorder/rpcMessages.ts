// The JSON-RPC messages of a streamable HTTP answer body: one JSON value, or server-sent events
// whose `data:` lines carry one message each. Anything unreadable yields no messages: the proxy
// has already passed the bytes on, and only recording is skipped.
export function rpcMessages(contentType: string, body: string): unknown[] {
  const parse = (text: string): unknown[] => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value : [value];
    } catch {
      return [];
    }
  };
  if (!contentType.includes("text/event-stream")) return parse(body);
  const messages: unknown[] = [];
  for (const event of body.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""));
    if (data.length > 0) messages.push(...parse(data.join("\n")));
  }
  return messages;
}
