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
      // The call's clock, in whole seconds: an hour moved is 3600 s more, plus the test's own time.
      const moved = (Date.parse(later.at) - Date.parse(again.at)) / 1000;
      expect(moved).toBeGreaterThanOrEqual(3_600);
      expect(moved).toBeLessThan(3_600 + 60);
      // The world's age moves with it. Not to the second: over stdio each process renders the
      // world's {{now-2h}} when it first reads the file, so two processes' worlds are their start
      // times apart (docs/service.md: each process reads the world itself).
      expect(later.shop_age_s - again.shop_age_s).toBeGreaterThan(3_600 - 60);
      expect(later.shop_age_s - again.shop_age_s).toBeLessThan(3_600 + 60);
    });
  },
  catalog,
);
