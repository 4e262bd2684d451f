// GET /_local/events: the page's live feed (server-sent events, no polling). `call` carries a
// journal entry as it is recorded; `forcing` says the overrides file or a session's forcing
// changed through this API, so the page redraws its marks.
import type { Request, Response } from "express";
import type { LocalContext } from "./localContext.js";

export function eventsRoute(ctx: LocalContext) {
  return (req: Request, res: Response): void => {
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    res.write(": careem-mcp journal\n\n");
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const stopCalls = ctx.journal.subscribe((entry) => send("call", entry));
    const stopChanges = ctx.onChange((what) => send("forcing", { what }));
    const keepAlive = ctx.config.keepAliveMs >= 1 ? setInterval(() => res.write(": keepalive\n\n"), ctx.config.keepAliveMs) : undefined;
    keepAlive?.unref();
    req.on("close", () => {
      stopCalls();
      stopChanges();
      if (keepAlive) clearInterval(keepAlive);
    });
  };
}
