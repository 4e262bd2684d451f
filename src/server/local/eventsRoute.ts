// GET /_local/events: the page's live feed (server-sent events, no polling). `call` carries a
// journal entry as it is recorded; `forcing` says the overrides file or a session's forcing
// changed through this API, so the page redraws its marks.
import type { Request, Response } from "express";
import type { LocalContext } from "./localContext.js";
import { FEED_BACKLOG, keepsUp, writeBounded } from "../wire/streamBound.js";

/** Feeds open at once: a page or two per developer; each costs every call a write. */
export const MAX_FEEDS = 100;

/** An event's text, written once however many feeds carry it (2,000 feeds made a call 46 ms, from 1.7). */
const texts = new WeakMap<object, string>();
function eventText(event: string, data: object): string {
  let text = texts.get(data);
  if (text === undefined) texts.set(data, (text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  return text;
}

export function eventsRoute(ctx: LocalContext) {
  let open = 0;
  return (req: Request, res: Response): void => {
    if (open >= MAX_FEEDS) {
      res.status(503).type("application/json; charset=utf-8").send(`${JSON.stringify({ error: `${MAX_FEEDS} dashboard feeds are open already; close one (or reload the page) and try again` })}\n`);
      return;
    }
    open++;
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    res.write(": careem-mcp journal\n\n");
    // A subscriber that does not read is closed past FEED_BACKLOG (a browser's EventSource
    // reconnects); the check comes before the entry is written out, so a silent one costs nothing.
    const send = (event: string, data: object) => {
      if (keepsUp(res, FEED_BACKLOG)) res.write(eventText(event, data));
    };
    const stopCalls = ctx.journal.subscribe((entry) => send("call", entry));
    const stopChanges = ctx.onChange((what) => send("forcing", { what }));
    const keepAlive = ctx.config.keepAliveMs >= 1 ? setInterval(() => writeBounded(res, ": keepalive\n\n", FEED_BACKLOG), ctx.config.keepAliveMs) : undefined;
    keepAlive?.unref();
    req.on("close", () => {
      open--;
      stopCalls();
      stopChanges();
      if (keepAlive) clearInterval(keepAlive);
    });
  };
}
