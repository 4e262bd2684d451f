// stdio lines -> one JSON-RPC message per line, as /mcp takes a POST body: a batch line becomes
// its members' lines (an empty batch, nothing); a batch /mcp would refuse is refused whole with
// the same error (protocolErrors.ts). Other lines pass untouched: the SDK's transport reads them.
import { Transform, type TransformCallback } from "node:stream";
import { stringifyDeep } from "../../engine/jsonText.js";
import { classifyMessages, type ProtocolError } from "../mcp/protocolErrors.js";

export function splitBatches(onRefused: (error: ProtocolError) => void): Transform {
  return new Transform({
    transform(line: Buffer, _encoding, done: TransformCallback) {
      const text = line.toString("utf8");
      if (!text.trimStart().startsWith("[")) return done(null, line);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        // Not JSON: the SDK's transport answers it as any other bad line.
        return done(null, line);
      }
      const classified = classifyMessages(value);
      if (!classified.ok) {
        onRefused(classified.error);
        return done();
      }
      for (const member of value as unknown[]) this.push(`${stringifyDeep(member)}\n`);
      done();
    },
  });
}
