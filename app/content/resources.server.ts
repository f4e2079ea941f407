import { count, eq } from "drizzle-orm";

import type { AppDatabase } from "~/platform/database.server";

export type ResourceCounts = { favoriteItems: number; favoriteCryptos: number; favoriteStocks: number; registerTables: number };

/** What a signed-in user keeps, for the counts on the Resources page. */
export async function resourceCounts(db: AppDatabase, userId: number): Promise<ResourceCounts> {
  const { favorites, recordTables } = db.tables;
  const [byType, [tables]] = await Promise.all([
    db.orm
      .select({ assetType: favorites.assetType, total: count() })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .groupBy(favorites.assetType),
    db.orm.select({ total: count() }).from(recordTables).where(eq(recordTables.userId, userId)),
  ]);
  const favoriteCryptos = byType.find((row) => row.assetType === "crypto")?.total ?? 0;
  const favoriteStocks = byType.find((row) => row.assetType === "stock")?.total ?? 0;
  return { favoriteItems: favoriteCryptos + favoriteStocks, favoriteCryptos, favoriteStocks, registerTables: tables?.total ?? 0 };
}
