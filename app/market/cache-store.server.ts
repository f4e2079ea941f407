import { eq } from "drizzle-orm";

import type { AppDatabase } from "~/platform/database.server";

import type { PersistentStore } from "./cache.server";

async function readCachedAnswer(db: AppDatabase, key: string) {
  const { marketCache } = db.tables;
  const [row] = await db.orm
    .select({ value: marketCache.value, fetchedAt: marketCache.fetchedAt })
    .from(marketCache)
    .where(eq(marketCache.key, key))
    .limit(1);
  return row;
}

async function writeCachedAnswer(db: AppDatabase, key: string, value: string, fetchedAt: number) {
  const { marketCache } = db.tables;
  await db.orm
    .insert(marketCache)
    .values({ key, value, fetchedAt })
    .onConflictDoUpdate({ target: marketCache.key, set: { value, fetchedAt } });
}

/**
 * The last good answers (and kept translations) in the `market_cache` table, so they survive a
 * restart. A read the database cannot answer (an outage) is a miss: market data comes from memory
 * and the upstream meanwhile, and pages that need no account keep serving.
 */
export function createDatabaseStore(db: AppDatabase): PersistentStore {
  return {
    read: (key) => readCachedAnswer(db, key).catch(() => undefined),
    write: (key, value, fetchedAt) => writeCachedAnswer(db, key, value, fetchedAt),
  };
}
