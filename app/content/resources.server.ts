import { count, eq } from "drizzle-orm";
import { favorites, recordTables } from "../../db/schema";
import { getDb, type AppDatabase } from "~/platform/db.server";

export type ResourceCounts = { favoriteItems: number; favoriteCryptos: number; favoriteStocks: number; registerTables: number };

/** What a signed-in user keeps, for the counts on the Resources page. */
export function resourceCounts(userId: number, db: AppDatabase = getDb()): ResourceCounts {
  const byType = db
    .select({ assetType: favorites.assetType, total: count() })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .groupBy(favorites.assetType)
    .all();
  const favoriteCryptos = byType.find((row) => row.assetType === "crypto")?.total ?? 0;
  const favoriteStocks = byType.find((row) => row.assetType === "stock")?.total ?? 0;
  const registerTables = db.select({ total: count() }).from(recordTables).where(eq(recordTables.userId, userId)).get()?.total ?? 0;
  return { favoriteItems: favoriteCryptos + favoriteStocks, favoriteCryptos, favoriteStocks, registerTables };
}
