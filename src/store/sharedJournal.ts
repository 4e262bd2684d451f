// --store: one journal for the team. Each replica keeps its own ring (the dashboard, GET
// /_local/calls and `./careem-mcp.sh calls` read it without waiting on Redis), and every call a
// replica answers is also written to Redis: pushed on a list capped at the ring's size (what a
// replica that starts later reads first) and published on a channel the other replicas hear and
// keep. So whichever replica a load balancer picks, its journal holds every replica's calls.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Journal, JournalEntry } from "../journal/journal.js";

const LIST = "careem-mcp:journal";
const CHANNEL = "careem-mcp:journal:calls";

interface Shared {
  replica: string;
  entry: JournalEntry;
}

/**
 * Joins `journal` to the team's: fills it with what Redis keeps, then shares and hears calls.
 * `redis` is the store's connection; the channel needs one of its own (a subscribed connection
 * can do nothing else). Resolves once the history is in and the channel heard.
 */
export async function shareJournal(journal: Journal, redis: Redis, log: (line: string) => void): Promise<{ replica: string; close(): Promise<void> }> {
  const replica = randomUUID().slice(0, 8);
  // Its own offline queue: the store turns the queue off once serving, and this connection must
  // queue its SUBSCRIBE until it is connected.
  const listener = redis.duplicate({ enableOfflineQueue: true });
  listener.on("error", () => undefined);
  await listener.subscribe(CHANNEL);
  listener.on("message", (_channel: string, text: string) => {
    const shared = parse(text);
    if (shared && shared.replica !== replica) journal.adopt(shared.entry, shared.replica);
  });
  // The history, oldest first (LPUSH keeps the newest at the head).
  const history = await redis.lrange(LIST, 0, journal.capacity - 1);
  for (const text of history.reverse()) {
    const shared = parse(text);
    if (shared) journal.adopt(shared.entry, shared.replica);
  }
  journal.onRecorded = (entry) => {
    const text = JSON.stringify({ replica, entry } satisfies Shared);
    // A call is answered before this runs; a lost write costs the team's journal one line, never the call.
    redis
      .multi()
      .lpush(LIST, text)
      .ltrim(LIST, 0, journal.capacity - 1)
      .publish(CHANNEL, text)
      .exec()
      .catch((err: unknown) => log(`journal: could not share a call through Redis: ${err instanceof Error ? err.message : String(err)}`));
  };
  return {
    replica,
    close: async () => {
      journal.onRecorded = undefined;
      await listener.quit().catch(() => listener.disconnect());
    },
  };
}

function parse(text: string): Shared | undefined {
  try {
    const value = JSON.parse(text) as Shared;
    return typeof value?.replica === "string" && typeof value.entry?.tool === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
