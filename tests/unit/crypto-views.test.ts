import { describe, expect, it } from "vitest";

import { HOUR_MS } from "~/lib/time";

import { manualClock } from "../support/clock";
import { createTestServices } from "../support/services";

describe("crypto visits for most searched", () => {
  it("counts visits in memory, writes them together, and ranks the last 24 hours busiest first", async () => {
    const clock = manualClock();
    const services = await createTestServices({ clock });
    const views = services.cryptoViews;
    views.record("ethereum");
    clock.advance(25 * HOUR_MS);
    for (const id of ["bitcoin", "solana", "bitcoin"]) views.record(id);
    // A kept page served by the edge names its path; only crypto pages count.
    views.recordPage("/cryptos/solana.data");
    views.recordPage("/cryptos/solana");
    views.recordPage("/stocks/PETR4");
    views.recordPage("/cryptos/%E0");
    expect(await views.mostViewed(7)).toEqual(["solana", "bitcoin"]);
    await services.close();
  });

  it("writes what is still counted in memory when flushed, as closing the services does", async () => {
    const services = await createTestServices();
    services.cryptoViews.record("bitcoin");
    services.cryptoViews.record("bitcoin");
    await services.cryptoViews.flush();
    const { cryptoViews } = services.platform.db.tables;
    const rows = await services.platform.db.orm.select({ cryptoId: cryptoViews.cryptoId, views: cryptoViews.views }).from(cryptoViews);
    expect(rows).toEqual([{ cryptoId: "bitcoin", views: 2 }]);
    await services.close();
  });
});
