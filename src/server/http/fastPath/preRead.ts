// A body the front door read and then left to express: readJsonBody takes it from here instead
// of reading a stream that has already ended.
import type { IncomingMessage } from "node:http";
import type { BodyResult } from "../readJsonBody.js";

const bodies = new WeakMap<IncomingMessage, BodyResult>();

export function leaveBody(req: IncomingMessage, body: BodyResult): void {
  bodies.set(req, body);
}

export function takeBody(req: IncomingMessage): BodyResult | undefined {
  const body = bodies.get(req);
  if (body) bodies.delete(req);
  return body;
}
