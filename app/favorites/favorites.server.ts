import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { type AppDatabase, preparedPerDatabase } from "~/platform/database.server";

import type { favorites } from "../../db/schema";
import type { AssetType } from "./assets";

export type FavoriteRow = typeof favorites.$inferSelect;

const favoritesOfUser = preparedPerDatabase(({ orm, tables: { favorites } }) =>
  orm
    .select()
    .from(favorites)
    .where(eq(favorites.userId, sql.placeholder("userId")))
    .orderBy(asc(favorites.addedAt), asc(favorites.id))
    .prepare(),
);

export async function listFavorites(db: AppDatabase, userId: number, type?: AssetType): Promise<FavoriteRow[]> {
  if (!type) return favoritesOfUser(db).execute({ userId });
  const { favorites } = db.tables;
  return db.orm
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.assetType, type)))
    .orderBy(asc(favorites.addedAt), asc(favorites.id));
}

export async function findFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string): Promise<FavoriteRow | undefined> {
  const { favorites } = db.tables;
  const [favorite] = await db.orm
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.assetType, type), eq(favorites.assetId, assetId)))
    .limit(1);
  return favorite;
}

/** Adds a favourite; adding one twice is harmless (a second add that races the first finds it). */
export async function addFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string, now: Date) {
  const { favorites } = db.tables;
  const [favorite] = await db.orm
    .insert(favorites)
    .values({ userId, assetType: type, assetId, addedAt: now })
    .onConflictDoNothing({ target: [favorites.userId, favorites.assetType, favorites.assetId] })
    .returning();
  if (favorite) return { favorite, created: true };
  const existing = await findFavorite(db, userId, type, assetId);
  if (!existing) throw new Error(`favourite ${type}:${assetId} of user ${userId} was neither added nor found`);
  return { favorite: existing, created: false };
}

/** The user's tables that hold this favourite: the ones removing it would delete. */
export async function tablesLinkedTo(db: AppDatabase, userId: number, favoriteId: number) {
  const { recordTableItems, recordTables } = db.tables;
  return db.orm
    .select({ id: recordTables.id, title: recordTables.title })
    .from(recordTableItems)
    .innerJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(and(eq(recordTableItems.favoriteId, favoriteId), eq(recordTables.userId, userId)))
    .orderBy(asc(recordTables.id));
}

/**
 * Removes a favourite and every table that held it.
 * Returns null when the favourite is not this user's.
 */
export async function removeFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string) {
  return db.transaction(async (tx) => {
    const { favorites, recordTables } = tx.tables;
    const favorite = await findFavorite(tx, userId, type, assetId);
    if (!favorite) return null;
    const linked = await tablesLinkedTo(tx, userId, favorite.id);
    if (linked.length > 0) {
      await tx.orm.delete(recordTables).where(
        inArray(
          recordTables.id,
          linked.map((table) => table.id),
        ),
      );
    }
    await tx.orm.delete(favorites).where(eq(favorites.id, favorite.id));
    return { favorite, deletedTables: linked };
  });
}
