import { desc, gt, sql } from "drizzle-orm";
import { cryptoViews } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

const hourOf = (now: number) => Math.floor(now / 3_600_000);

/** Visits not written yet, per database: "hour\u0000cryptoId" → count. */
const pendingViews = new WeakMap<AppDatabase, Map<string, number>>();
/** Busy pages are counted in memory and written together, not one write per visit. */
const flushDelayMs = 2000;

/** Counts one visit to a crypto's page, bucketed by hour so the table stays small. */
export function recordCryptoView(db: AppDatabase, cryptoId: string, now = Date.now()) {
  let pending = pendingViews.get(db);
  if (!pending) {
    pending = new Map();
    pendingViews.set(db, pending);
    setTimeout(() => flushCryptoViews(db), flushDelayMs).unref();
  }
  const key = `${hourOf(now)}\u0000${cryptoId}`;
  pending.set(key, (pending.get(key) ?? 0) + 1);
}

export function flushCryptoViews(db: AppDatabase) {
  const pending = pendingViews.get(db);
  if (!pending) return;
  pendingViews.delete(db);
  db.transaction((tx) => {
    for (const [key, views] of pending) {
      const [hour, cryptoId] = key.split("\u0000") as [string, string];
      tx.insert(cryptoViews)
        .values({ cryptoId, hour: Number(hour), views })
        .onConflictDoUpdate({ target: [cryptoViews.cryptoId, cryptoViews.hour], set: { views: sql`${cryptoViews.views} + ${views}` } })
        .run();
    }
  });
}

/** The most looked-up cryptos of the last 24 hours on this instance, busiest first. */
export function mostViewedCryptos(db: AppDatabase, limit: number, now = Date.now()): string[] {
  flushCryptoViews(db);
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
