// stdin -> complete lines, each at most `limit` bytes. The SDK's stdio transport buffers up to
// 10 MiB and, past that, closes itself: the process then neither answered nor exited, and the
// client that spawned it hung. Here an oversized line is dropped on its own (the caller answers
// it) and the lines after it are read as usual, as HTTP answers 413 and serves the next request.
import { Transform, type TransformCallback } from "node:stream";

export function limitLines(limit: number, onOversize: () => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(10, start);
        const end = newline < 0 ? chunk.length : newline + 1;
        const piece = chunk.subarray(start, end);
        start = end;
        if (skipping) {
          if (newline >= 0) skipping = false;
          continue;
        }
        pendingBytes += piece.length;
        if (pendingBytes - (newline >= 0 ? 1 : 0) > limit) {
          pending = [];
          pendingBytes = 0;
          skipping = newline < 0;
          onOversize();
          continue;
        }
        pending.push(piece);
        if (newline >= 0) {
          this.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      // A last line without a newline is still a message.
      if (!skipping && pending.length > 0) this.push(Buffer.concat([...pending, Buffer.from("\n")]));
      done();
    },
  });
}
