// Transport faults on legacy SSE (`/sse` + `/messages`). Answers travel on the session's one
// event stream; the POST that carried a call only gets `202 Accepted`. So a status fault answers
// that POST with the status instead of 202 (its 202 is held for a moment so a call can claim it),
// a dropped connection cuts the event stream mid-answer (the session ends), a malformed answer
// is half an event on the stream, and an expired session ends the stream after the answer.
import type { Response } from "express";
import { halfOf, isStatusFault, statusAnswer } from "../dynamics/faultWire.js";
import type { RequestId, SessionPort } from "../dynamics/sessionPort.js";
import type { InOrderReplies } from "../mcp/inOrderReplies.js";

interface HeldPost {
  /** Takes the POST away from the SDK: its held 202 never goes out. */
  claim(): void;
  answer(status: number, headers: Record<string, string>, body: string): void;
}

/** The POSTs carrying tools/call requests of one SSE session, by request id. */
export class HeldPosts {
  private readonly byId = new Map<RequestId, HeldPost>();

  /**
   * For a POST carrying a tools/call: holds the SDK's `202 Accepted` until the call's handler
   * has run (the microtasks before the next setImmediate), so a status fault can claim it.
   */
  hold(body: unknown, res: Response): void {
    const m = body as { method?: unknown; id?: unknown } | null;
    if (typeof m !== "object" || m === null || m.method !== "tools/call" || (typeof m.id !== "string" && typeof m.id !== "number")) return;
    const id = m.id;
    const writeHead = res.writeHead.bind(res);
    const end = res.end.bind(res);
    let claimed = false;
    let replay: (() => void) | undefined;
    res.writeHead = ((...args: Parameters<Response["writeHead"]>) => {
      const before = replay;
      replay = () => {
        before?.();
        writeHead(...(args as [number]));
      };
      return res;
    }) as Response["writeHead"];
    res.end = ((...args: unknown[]) => {
      const before = replay;
      replay = () => {
        before?.();
        (end as (...a: unknown[]) => void)(...args);
      };
      return res;
    }) as Response["end"];
    const post: HeldPost = {
      claim: () => (claimed = true),
      answer: (status, headers, text) => {
        writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(text)) });
        end(text);
      },
    };
    this.byId.set(id, post);
    setImmediate(() => {
      res.writeHead = writeHead;
      res.end = end;
      if (!claimed) {
        this.byId.delete(id);
        replay?.();
      }
    });
    res.once("close", () => {
      if (this.byId.get(id) === post) this.byId.delete(id);
    });
  }

  take(id: RequestId): HeldPost | undefined {
    const post = this.byId.get(id);
    this.byId.delete(id);
    return post;
  }

  peek(id: RequestId): HeldPost | undefined {
    return this.byId.get(id);
  }
}

export function ssePort(posts: HeldPosts, replies: InOrderReplies, stream: Response, endSession: () => void): SessionPort {
  return {
    deferred(id, fault) {
      replies.release(id);
      if (fault !== undefined && isStatusFault(fault)) posts.peek(id)?.claim();
    },
    stopped(id) {
      // A POST claimed for a status fault that will never come: give it the 202 it was due.
      posts.take(id)?.answer(202, {}, "Accepted");
    },
    fault(fault, id, dynamics, answer) {
      if (fault === "session-expired") {
        replies.afterSend(id, endSession);
        return;
      }
      replies.drop(id);
      if (isStatusFault(fault)) {
        const { status, headers, body } = statusAnswer(fault, dynamics);
        const post = posts.take(id);
        if (post) post.answer(status, headers, body);
        else stream.socket?.destroy();
      } else if (fault === "malformed-response") {
        stream.write(`event: message\ndata: ${halfOf(answer)}\n\n`);
      } else {
        stream.write(`event: message\ndata: ${halfOf(answer)}`, () => stream.socket?.destroy());
      }
    },
  };
}
