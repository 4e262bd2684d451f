// The black-box cases of cases.ts, over every transport, each case on a fresh copy of the
// catalog and run dir, against a fresh server.
import { afterEach, beforeEach, describe, it } from "vitest";
import { cases, type CaseContext } from "./cases.js";
import { copyCatalog } from "./catalog.js";
import { allTransports } from "./transports.js";

for (const transport of allTransports) {
  describe(`over ${transport.name}`, () => {
    let ctx: CaseContext | undefined;

    beforeEach(async () => {
      const catalog = copyCatalog();
      const served = await transport.serve(catalog);
      ctx = { catalog, served, conn: await served.connect() };
    });

    afterEach(async () => {
      if (!ctx) return;
      await ctx.conn.close();
      await ctx.served.stop();
      ctx.catalog.remove();
      ctx = undefined;
    });

    for (const c of cases) {
      it(c.name, () => c.run(ctx!));
    }
  });
}
