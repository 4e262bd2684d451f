// limitLines: complete lines pass, a line over the limit is dropped alone, wherever chunks split.
import { describe, expect, it } from "vitest";
import { limitLines } from "../../src/server/stdio/stdioLines.js";

async function run(chunks: string[], limit: number): Promise<{ lines: string[]; refused: number }> {
  let refused = 0;
  const t = limitLines(limit, () => refused++);
  const out: Buffer[] = [];
  t.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => t.on("end", resolve));
  for (const c of chunks) t.write(Buffer.from(c));
  t.end();
  await ended;
  return { lines: Buffer.concat(out).toString().split("\n").slice(0, -1), refused };
}

describe("limitLines", () => {
  it("passes lines split across chunks, several lines in one chunk, and a last line without newline", async () => {
    expect(await run(["ab", "c\nde", "f\ng\nh"], 10)).toEqual({ lines: ["abc", "def", "g", "h"], refused: 0 });
  });

  it("a line of exactly the limit passes; one byte more is refused alone", async () => {
    expect(await run(["12345\n123456\nok\n"], 5)).toEqual({ lines: ["12345", "ok"], refused: 1 });
  });

  it("an oversized line spread over many chunks is refused once and the rest is read", async () => {
    expect(await run(["a", "aaaa", "aaaa", "aaa\n", "next\n"], 5)).toEqual({ lines: ["next"], refused: 1 });
  });

  it("an oversized last line without newline is refused", async () => {
    expect(await run(["ok\n", "toolongline"], 5)).toEqual({ lines: ["ok"], refused: 1 });
  });
});
