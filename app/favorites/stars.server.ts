import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { favorites, recordTableItems, recordTables } from "../../db/schema";
import { getUser } from "~/account/session.server";
import { getDb, type AppDatabase } from "~/platform/db.server";
import { assetKey } from "./assets";

/** "type:id" → titles of the tables that hold it (empty when none); absent when not starred. */
export type StarStates = Record<string, string[]>;

/** The user's starred assets with their linked tables, in one query. */
export function starStates(db: AppDatabase, userId: number): StarStates {
  const rows = db
    .select({ type: favorites.assetType, id: favorites.assetId, title: recordTables.title })
    .from(favorites)
    .leftJoin(recordTableItems, eq(recordTableItems.favoriteId, favorites.id))
    .leftJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(eq(favorites.userId, userId))
    .all();
  const states: StarStates = {};
  for (const row of rows) {
    const titles = (states[assetKey(row.type, row.id)] ??= []);
    if (row.title !== null) titles.push(row.title);
  }
  return states;
}

/** For market loaders: the signed-in user's stars, or null for a visitor. */
export function starsFor(context: Readonly<RouterContextProvider>): StarStates | null {
  const user = getUser(context);
  return user ? starStates(getDb(), user.id) : null;
}
