import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";

import { getUser } from "~/account/current-user";
import { platformOf } from "~/platform/context.server";
import { type AppDatabase, preparedPerDatabase } from "~/platform/database.server";

import { assetKey } from "./assets";

/** "type:id" → titles of the tables that hold it (empty when none); absent when not starred. */
export type StarStates = Record<string, string[]>;

const starsWithTables = preparedPerDatabase(({ orm, tables: { favorites, recordTableItems, recordTables } }) =>
  orm
    .select({ type: favorites.assetType, id: favorites.assetId, title: recordTables.title })
    .from(favorites)
    .leftJoin(recordTableItems, eq(recordTableItems.favoriteId, favorites.id))
    .leftJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(eq(favorites.userId, sql.placeholder("userId")))
    .prepare(),
);

/** The user's starred assets with their linked tables, in one query. */
export async function starStates(db: AppDatabase, userId: number): Promise<StarStates> {
  const rows = await starsWithTables(db).execute({ userId });
  const states: StarStates = {};
  for (const row of rows) {
    const titles = (states[assetKey(row.type, row.id)] ??= []);
    if (row.title !== null) titles.push(row.title);
  }
  return states;
}

/** For market loaders: the signed-in user's stars, or null for a visitor. */
export async function starsFor(context: Readonly<RouterContextProvider>): Promise<StarStates | null> {
  const user = getUser(context);
  return user ? starStates(platformOf(context).db, user.id) : null;
}
