import { desc, gt, sql } from "drizzle-orm";
import { cryptoViews } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

const hourOf = (now: number) => Math.floor(now / 3_600_000);

/** Counts one visit to a crypto's page, bucketed by hour so the table stays small. */
export function recordCryptoView(db: AppDatabase, cryptoId: string, now = Date.now()) {
  db.insert(cryptoViews)
    .values({ cryptoId, hour: hourOf(now), views: 1 })
    .onConflictDoUpdate({ target: [cryptoViews.cryptoId, cryptoViews.hour], set: { views: sql`${cryptoViews.views} + 1` } })
    .run();
}

/** The most looked-up cryptos of the last 24 hours on this instance, busiest first. */
export function mostViewedCryptos(db: AppDatabase, limit: number, now = Date.now()): string[] {
  const total = sql<number>`sum(${cryptoViews.views})`;
  return db
    .select({ cryptoId: cryptoViews.cryptoId, total })
    .from(cryptoViews)
    .where(gt(cryptoViews.hour, hourOf(now) - 24))
    .groupBy(cryptoViews.cryptoId)
    .orderBy(desc(total))
    .limit(limit)
    .all()
    .map((row) => row.cryptoId);
}
