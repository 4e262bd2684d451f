// The black-box cases of cases.ts, over every transport, each case on a fresh copy of the
// catalog and run dir, against a fresh server started as the case asks.
import { describe, it } from "vitest";
import { cases, type Case } from "./cases.js";
import { copyCatalog } from "./catalog.js";
import { allTransports, type TransportUnderTest } from "./transports.js";

async function runCase(transport: TransportUnderTest, c: Case): Promise<void> {
  const catalog = copyCatalog();
  try {
    const served = await transport.serve(catalog, c.serve);
    try {
      const conn = await served.connect();
      try {
        await c.run({ catalog, served, conn });
      } finally {
        await conn.close();
      }
    } finally {
      await served.stop();
    }
  } finally {
    catalog.remove();
  }
}

for (const transport of allTransports) {
  describe(`over ${transport.name}`, () => {
    for (const c of cases) {
      it(c.name, () => runCase(transport, c));
    }
  });
}
