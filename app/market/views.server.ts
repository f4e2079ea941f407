import { desc, gt, sql } from "drizzle-orm";

import { HOUR_MS } from "~/lib/time";
import type { Clock } from "~/platform/clock";
import type { AppDatabase } from "~/platform/database.server";
import type { Logger } from "~/platform/logger.server";

const hourOf = (now: number) => Math.floor(now / HOUR_MS);

/** Busy pages are counted in memory and written together, not one write per visit. */
const flushDelayMs = 2000;

async function addCryptoViews(db: AppDatabase, cryptoId: string, hour: number, views: number) {
  const { cryptoViews } = db.tables;
  await db.orm
    .insert(cryptoViews)
    .values({ cryptoId, hour, views })
    .onConflictDoUpdate({ target: [cryptoViews.cryptoId, cryptoViews.hour], set: { views: sql`${cryptoViews.views} + ${views}` } });
}

/** The cryptos with the most visits in hours after `sinceHour`, busiest first. */
async function mostViewedCryptoIds(db: AppDatabase, sinceHour: number, limit: number): Promise<string[]> {
  const { cryptoViews } = db.tables;
  const total = sql<number>`sum(${cryptoViews.views})`;
  const rows = await db.orm
    .select({ cryptoId: cryptoViews.cryptoId, total })
    .from(cryptoViews)
    .where(gt(cryptoViews.hour, sinceHour))
    .groupBy(cryptoViews.cryptoId)
    .orderBy(desc(total), cryptoViews.cryptoId)
    .limit(limit);
  return rows.map((row) => row.cryptoId);
}

/** A crypto's page, as a document or as React Router's data request for it. */
const cryptoPagePattern = /^\/cryptos\/([^/.]+)(?:\.data)?$/;

export type CryptoViews = ReturnType<typeof createCryptoViews>;

/**
 * Visits to crypto pages, for "most searched": counted in memory, bucketed by hour so the table
 * stays small, and written together a moment later (and on shutdown).
 */
export function createCryptoViews({ db, clock, logger }: { db: AppDatabase; clock: Clock; logger: Logger }) {
  let pending = new Map<string, number>();
  let lastMostViewed: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  function record(cryptoId: string) {
    const key = `${hourOf(clock.now())}\u0000${cryptoId}`;
    pending.set(key, (pending.get(key) ?? 0) + 1);
    timer ??= setTimeout(() => void flush(), flushDelayMs).unref();
  }

  /** Writes the visits counted so far. */
  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    if (batch.size === 0) return;
    pending = new Map();
    try {
      await db.transaction(async (tx) => {
        for (const [key, views] of batch) {
          const [hour, cryptoId] = key.split("\u0000") as [string, string];
          await addCryptoViews(tx, cryptoId, Number(hour), views);
        }
      });
    } catch (error) {
      logger.warn("crypto visits could not be written:", String(error));
    }
  }

  return {
    record,
    /** Counts the visit when `path` is a crypto's page (one served from the page cache, say). */
    recordPage(path: string) {
      const id = cryptoPagePattern.exec(path)?.[1];
      if (!id) return;
      try {
        record(decodeURIComponent(id));
      } catch {
        // A malformed escape names no crypto.
      }
    },
    flush,
    /** The most looked-up cryptos of the last 24 hours, busiest first. */
    async mostViewed(limit: number): Promise<string[]> {
      await flush();
      try {
        lastMostViewed = await mostViewedCryptoIds(db, hourOf(clock.now()) - 24, limit);
      } catch (error) {
        // The home page outlives a database outage with the list it last showed.
        logger.warn("most viewed cryptos could not be read; the last list read stands in:", String(error));
      }
      return lastMostViewed.slice(0, limit);
    },
  };
}
