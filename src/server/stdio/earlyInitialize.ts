// A spawning client's first line is `initialize`, and it waits for the answer. Loading the SDK
// (zod schemas above all) is most of a cold start, and the answer needs none of it: a plain
// initialize is answered here, in the SDK's exact bytes, and the SDK is loaded after. Every
// other byte reaches the session unchanged, and the session is told initialize was answered
// (`onAnswered`), so what follows is served as if it had answered it itself.
import { PassThrough, type Readable, type Writable } from "node:stream";
import { initializeResult } from "../mcp/initializeResult.js";
import { plainRequest } from "../mcp/plainRequest.js";
import { goMessageText } from "../goWire/goWire.js";
import { paramsProblem } from "../wire/goParams.js";
import type { Profile } from "../profiles/profiles.js";

export interface EarlyOptions {
  serviceVersion: string;
  /** Lines longer than this are the session's to refuse (see stdioLines.ts). */
  bodyLimit: number;
  /** The go-sdk profile the session will answer as, so the early answer is its bytes. */
  profile: Profile;
}

/** The answer to this line if it is a plain initialize request, as the session would write it. */
export function earlyAnswer(line: string, opts: EarlyOptions): string | undefined {
  let message: unknown;
  try {
    // The SDK's line reader drops a trailing \r before parsing.
    message = JSON.parse(line.endsWith("\r") ? line.slice(0, -1) : line);
  } catch {
    return undefined;
  }
  const request = plainRequest(message, ["initialize"]);
  // Params the go-sdk cannot unmarshal are the session's to refuse.
  if (!request || request.params === undefined || paramsProblem("initialize", request.params, opts.profile)) return undefined;
  // As the stdio transport writes it now: the go-sdk's text (goWire/goWire.ts).
  return `${goMessageText({ result: initializeResult(opts.serviceVersion, request.params), jsonrpc: "2.0", id: request.id }, "initialize", opts.profile)}\n`;
}

/**
 * Reads stdin up to its first line and answers it if it is a plain initialize. Resolves, once
 * that is settled (or stdin ended first), with the stream the session should read: every
 * byte of stdin but an answered first line.
 */
export function earlyInitialize(stdin: Readable, stdout: Writable, opts: EarlyOptions, onAnswered: () => void = () => {}): Promise<Readable> {
  const rest = new PassThrough();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const handOver = (remaining: Buffer[]) => {
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      for (const chunk of remaining) if (chunk.length > 0) rest.write(chunk);
      stdin.pipe(rest);
      resolve(rest);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const newline = chunk.indexOf(10);
      if (newline < 0) {
        if (size > opts.bodyLimit) handOver(chunks);
        return;
      }
      const all = Buffer.concat(chunks);
      const end = size - chunk.length + newline;
      const answer = end <= opts.bodyLimit ? earlyAnswer(all.subarray(0, end).toString("utf8"), opts) : undefined;
      if (answer === undefined) return handOver([all]);
      stdout.write(answer);
      onAnswered();
      handOver([all.subarray(end + 1)]);
    };
    const onEnd = () => {
      stdin.off("data", onData);
      for (const chunk of chunks) rest.write(chunk);
      rest.end();
      resolve(rest);
    };
    stdin.on("data", onData);
    stdin.on("end", onEnd);
  });
}

/**
 * Until startStdio installs its own handlers (host/shutdown.ts), a SIGINT or SIGTERM ends the
 * process as that would: nothing is open yet, so exit 0 at once, after a whole answer line.
 * Returns the function that removes these handlers.
 */
export function exitOnEarlySignals(log: (line: string) => void): () => void {
  const handlers = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const handler = () => {
      log(`${signal}: shutting down`);
      process.exit(0);
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
