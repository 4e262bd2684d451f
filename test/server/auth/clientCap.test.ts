// Registered clients are capped (issue 45, item 3): past MAX_CLIENTS the least recently used is
// forgotten, so a flood of registrations costs at most that many, and a client in use stays.
import { describe, expect, it } from "vitest";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { LocalAuthProvider, MAX_CLIENTS } from "../../../src/server/auth/localAuthProvider.js";

describe("registered clients", () => {
  it(`keeps at most ${MAX_CLIENTS}, forgetting the least recently used`, async () => {
    const provider = new LocalAuthProvider({ clock: () => 0, tokenTtlS: 3600, originOf: () => "http://127.0.0.1:8080" });
    const store = provider.clientsStore;
    const client = (i: number) => ({ client_id: `c${i}`, redirect_uris: ["http://127.0.0.1:9/cb"] }) as OAuthClientInformationFull;
    for (let i = 0; i < MAX_CLIENTS; i++) await store.registerClient?.(client(i));
    expect(await store.getClient("c0")).toBeDefined(); // used: now the most recent
    for (let i = MAX_CLIENTS; i < MAX_CLIENTS + 10; i++) await store.registerClient?.(client(i));
    expect(await store.getClient("c0")).toBeDefined();
    expect(await store.getClient("c1")).toBeUndefined();
    expect(await store.getClient("c10")).toBeUndefined();
    expect(await store.getClient("c11")).toBeDefined();
  });
});
