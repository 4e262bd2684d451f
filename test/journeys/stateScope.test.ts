// --state-scope user (the default, named here so the test says what it proves): the sessions of
// one user share one state, as production keeps a basket per user.
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { projectRoot, startServer, type RunningServer } from "./server.js";
import { openOver } from "./session.js";

describe("--state-scope user", () => {
  let server: RunningServer | undefined;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startServer(path.join(projectRoot, "tools"), 20_000, ["--state-scope", "user"]);
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()));
    await server?.stop();
  });

  it("a basket opened in one session is the same basket in the user's next session", async () => {
    const first = await openOver(new StreamableHTTPClientTransport((server as RunningServer).url));
    closers.push(first.close);
    const opened = await first.session.call("add_grocery_items", { items: [{ product_id: "prd_200411", quantity: 2 }] });
    await first.close();
    const second = await openOver(new StreamableHTTPClientTransport((server as RunningServer).url));
    closers.push(second.close);
    const basket = await second.session.call("get_basket", { basket_id: opened.basket_id });
    expect(basket.items.map((l: Record<string, unknown>) => [l.item_id, l.quantity])).toEqual([["prd_200411", 2]]);
  });
});
