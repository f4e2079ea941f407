import { and, asc, eq, inArray } from "drizzle-orm";
import { favorites, recordTableItems, recordTables } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";
import { assetKey, type AssetType } from "./assets";

export type FavoriteRow = typeof favorites.$inferSelect;
export type RecordTableRow = typeof recordTables.$inferSelect;

/** Every asset the user has starred, as "type:id" keys: one query for a whole list page. */
export function favoriteKeys(db: AppDatabase, userId: number): string[] {
  return db
    .select({ type: favorites.assetType, id: favorites.assetId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .all()
    .map((row) => assetKey(row.type, row.id));
}

export function listFavorites(db: AppDatabase, userId: number, type?: AssetType): FavoriteRow[] {
  return db
    .select()
    .from(favorites)
    .where(type ? and(eq(favorites.userId, userId), eq(favorites.assetType, type)) : eq(favorites.userId, userId))
    .orderBy(asc(favorites.addedAt), asc(favorites.id))
    .all();
}

export function findFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string) {
  return db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.assetType, type), eq(favorites.assetId, assetId)))
    .get();
}

/** Adds a favourite; adding one twice is harmless. */
export function addFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string, now = new Date()) {
  const existing = findFavorite(db, userId, type, assetId);
  if (existing) return { favorite: existing, created: false };
  const favorite = db.insert(favorites).values({ userId, assetType: type, assetId, addedAt: now }).returning().get();
  return { favorite, created: true };
}

/** The user's tables that hold this favourite: the ones removing it would delete. */
export function tablesLinkedTo(db: AppDatabase, userId: number, favoriteId: number) {
  return db
    .select({ id: recordTables.id, title: recordTables.title })
    .from(recordTableItems)
    .innerJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(and(eq(recordTableItems.favoriteId, favoriteId), eq(recordTables.userId, userId)))
    .orderBy(asc(recordTables.id))
    .all();
}

/**
 * Removes a favourite and every table that held it.
 * Returns null when the favourite is not this user's.
 */
export function removeFavorite(db: AppDatabase, userId: number, type: AssetType, assetId: string) {
  return db.transaction((tx) => {
    const favorite = findFavorite(tx as unknown as AppDatabase, userId, type, assetId);
    if (!favorite) return null;
    const linked = tablesLinkedTo(tx as unknown as AppDatabase, userId, favorite.id);
    if (linked.length > 0) {
      tx.delete(recordTables)
        .where(
          inArray(
            recordTables.id,
            linked.map((table) => table.id),
          ),
        )
        .run();
    }
    tx.delete(favorites).where(eq(favorites.id, favorite.id)).run();
    return { favorite, deletedTables: linked };
  });
}

export function countFavorites(db: AppDatabase, userId: number) {
  const rows = listFavorites(db, userId);
  return {
    all: rows.length,
    crypto: rows.filter((row) => row.assetType === "crypto").length,
    stock: rows.filter((row) => row.assetType === "stock").length,
  };
}
