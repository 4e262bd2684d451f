// Issue 45, item 4: two desktop conversations are two stdio processes on one run dir, sharing
// `<run-dir>/state/`. Both real processes (spawned, real SDK clients) take baskets and check
// out at the same time; nothing either confirmed may vanish, and an idempotency key retried
// in both makes one order. Before the state file was locked, each process wrote back the copy it
// had read: baskets vanished and retried checkouts ordered twice.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";
import { cli, projectRoot, requireBuild, tempCatalog } from "./spawnServer.js";

const BASKETS_EACH = 10;
const CHECKOUTS = 6;

let catalog: ReturnType<typeof tempCatalog>;
let clients: Client[] = [];

beforeAll(async () => {
  requireBuild();
  catalog = tempCatalog(path.join(projectRoot, "tools"));
  clients = await Promise.all(
    [0, 1].map(async (i) => {
      const client = new Client({ name: `conversation-${i}`, version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [...serverNodeFlags, cli, "--stdio", "--tools", catalog.toolsDir, "--run-dir", catalog.runDir], cwd: projectRoot, stderr: "pipe" }));
      return client;
    }),
  );
}, 30_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  catalog?.remove();
});

type Out = Record<string, unknown>;
const call = async (client: Client, name: string, args: Out): Promise<Out> => {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Out;
};

function stateFile(): { baskets?: Record<string, unknown>; orders?: Record<string, { idempotency_key: string }> } {
  return JSON.parse(fs.readFileSync(path.join(catalog.runDir, "state", "user_900000001.json"), "utf8"));
}

describe("two stdio processes on one run dir (issue 45, item 4)", { timeout: 60_000 }, () => {
  it(`${2 * BASKETS_EACH} baskets taken at once by two processes are all kept`, async () => {
    const taken = await Promise.all(
      clients.flatMap((client) => Array.from({ length: BASKETS_EACH }, () => call(client, "add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 1 }] }))),
    );
    const ids = taken.map((t) => t.basket_id as string);
    expect(new Set(ids).size).toBe(2 * BASKETS_EACH);
    const kept = Object.keys(stateFile().baskets ?? {});
    expect(ids.filter((id) => !kept.includes(id)), "baskets confirmed to a client and then lost").toEqual([]);
  });

  it(`${CHECKOUTS} checkouts each retried in both processes with one idempotency key make ${CHECKOUTS} orders`, async () => {
    const baskets = Object.keys(stateFile().baskets ?? {}).slice(0, CHECKOUTS);
    const answers = await Promise.all(
      baskets.flatMap((basket, i) => clients.map((client) => call(client, "cart_checkout", { basket_id: basket, payment_method_id: "pm_visa_4242", idempotency_key: `retry-key-${String(i).padStart(4, "0")}` }))),
    );
    for (let i = 0; i < CHECKOUTS; i++) expect(answers[2 * i]?.order_id, `both answers of key ${i} name one order`).toBe(answers[2 * i + 1]?.order_id);
    expect(answers.filter((a) => a.success !== true).map((a) => a.error)).toEqual([]);
    const orders = Object.values(stateFile().orders ?? {});
    const perKey = new Map<string, number>();
    for (const o of orders) perKey.set(o.idempotency_key, (perKey.get(o.idempotency_key) ?? 0) + 1);
    expect([...perKey.values()].filter((n) => n > 1), "keys that ordered twice").toEqual([]);
    expect(perKey.size).toBe(CHECKOUTS);
  });
});
