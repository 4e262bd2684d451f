// The black-box cases of cases.ts, over every transport. Sequential on purpose: the forcing
// case writes the project's .run/overrides.json, which every server process reads.
import { afterEach, beforeEach, describe, it } from "vitest";
import { cases, scenarioCli, type CaseContext } from "./cases.js";
import { copyCatalog } from "./catalog.js";
import { allTransports } from "./transports.js";

for (const transport of allTransports) {
  describe(`over ${transport.name}`, () => {
    let ctx: CaseContext | undefined;
    let forced: string | undefined;

    beforeEach(async () => {
      const catalog = copyCatalog();
      const served = await transport.serve(catalog.dir);
      ctx = { catalog, served, conn: await served.connect() };
    });

    afterEach(async () => {
      if (!ctx) return;
      if (forced) scenarioCli(ctx.catalog, forced, "--clear");
      forced = undefined;
      await ctx.conn.close();
      await ctx.served.stop();
      ctx.catalog.remove();
      ctx = undefined;
    });

    for (const c of cases) {
      it(c.name, async () => {
        forced = c.forces;
        await c.run(ctx!);
      });
    }
  });
}
