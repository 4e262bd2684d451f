// stdio's early initialize in process: what it answers, and that every other byte of stdin
// reaches the SDK's transport unchanged and in order.
import { PassThrough, type Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { earlyInitialize } from "../../src/server/stdio/earlyInitialize.js";
import { baseProfile } from "../../src/server/profiles/profiles.js";

const opts = { serviceVersion: "v9", bodyLimit: 200, profile: baseProfile };
const initLine = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}';

async function run(chunks: string[]): Promise<{ answered: string; rest: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let answered = "";
  stdout.on("data", (c: Buffer) => (answered += c.toString()));
  const pending = earlyInitialize(stdin, stdout, opts);
  for (const chunk of chunks) stdin.write(chunk);
  stdin.end();
  const rest: Readable = await pending;
  let text = "";
  for await (const c of rest) text += (c as Buffer).toString();
  return { answered, rest: text };
}

describe("earlyInitialize", () => {
  it("answers a plain first-line initialize and passes every later byte on, also when split across chunks", async () => {
    const after = '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n';
    const whole = `${initLine}\r\n${after}`;
    const { answered, rest } = await run([whole.slice(0, 10), whole.slice(10, 130), whole.slice(130)]);
    // The go-sdk's text, as the stdio transport writes it (goWire); process.test.ts compares it with the SDK path's.
    expect(answered).toBe('{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"logging":{},"resources":{"listChanged":true},"tools":{"listChanged":true}},"protocolVersion":"2025-06-18","serverInfo":{"name":"careem-mcp-service","version":"v9"}}}\n');
    expect(rest).toBe(after);
  });

  it.each([
    ["a first line that is not initialize", '{"jsonrpc":"2.0","id":1,"method":"ping"}\n'],
    ["not JSON", "{nope\n"],
    ["a batch", `[${initLine}]\n`],
    ["a task-augmented initialize", '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"task":{}}}\n'],
    ["initialize without params", '{"jsonrpc":"2.0","id":1,"method":"initialize"}\n'],
    ["a line over the body limit", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"${"x".repeat(300)}"}}\n`],
    ["stdin ending before a newline", initLine],
  ])("leaves %s to the SDK, byte for byte", async (_label, input) => {
    const { answered, rest } = await run([input]);
    expect(answered).toBe("");
    expect(rest).toBe(input);
  });
});
