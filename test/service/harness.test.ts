// The harness itself, on a small catalog of its own: state spans a reconnect on both transports
// (HTTP: the user's state in the server; stdio: a new process reads it from the run dir), and
// moving the clock moves what the world's age reads.
import path from "node:path";
import { expect } from "vitest";
import { projectRoot } from "../journeys/server.js";
import { overBothTransports } from "./harness.js";

const catalog = path.join(projectRoot, "test", "fixtures", "world-catalog");

overBothTransports(
  "the service harness",
  (journey) => {
    journey("state outlives a reconnect and the clock moves on request", async (s) => {
      const first = await s.call("visit", { name: "Ali" });
      expect(first).toMatchObject({ visits: 1, greeting: "Hello Ali, welcome to Corner Shop (visit 1)" });
      expect(first.ticket).toMatch(/^tkt_\d{8}$/);
      const again = await (await s.reconnect()).call("visit", { name: "Ali" });
      expect(again.visits, "the second session sees the first one's visit").toBe(2);
      await s.advance(3_600_000);
      const later = await (await s.reconnect()).call("visit", { name: "Ali" });
      expect(later.visits).toBe(3);
      // Read in three calls, seconds apart at most: an hour moved is 3600 s more, give or take the test's own time.
      expect(later.shop_age_s - again.shop_age_s).toBeGreaterThanOrEqual(3_600);
      expect(later.shop_age_s - again.shop_age_s).toBeLessThan(3_600 + 60);
    });
  },
  catalog,
);
