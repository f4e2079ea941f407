import { eq } from "drizzle-orm";
import { marketCache } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";
import type { PersistentStore } from "./cache.server";

export function createSqliteStore(db: AppDatabase): PersistentStore {
  return {
    read(key) {
      return db.select().from(marketCache).where(eq(marketCache.key, key)).get();
    },
    write(key, value, fetchedAt) {
      db.insert(marketCache)
        .values({ key, value, fetchedAt })
        .onConflictDoUpdate({ target: marketCache.key, set: { value, fetchedAt } })
        .run();
    },
  };
}
