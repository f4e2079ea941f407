import { and, asc, desc, eq } from "drizzle-orm";
import { favorites, recordTableItems, recordTables } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

export type TableInput = { title: string; description: string };

export function listTables(db: AppDatabase, userId: number) {
  const tables = db
    .select()
    .from(recordTables)
    .where(eq(recordTables.userId, userId))
    .orderBy(desc(recordTables.createdAt), desc(recordTables.id))
    .all();
  const counts = new Map<number, number>();
  for (const row of db
    .select({ tableId: recordTableItems.tableId })
    .from(recordTableItems)
    .innerJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(eq(recordTables.userId, userId))
    .all()) {
    counts.set(row.tableId, (counts.get(row.tableId) ?? 0) + 1);
  }
  return tables.map((table) => ({ ...table, itemCount: counts.get(table.id) ?? 0 }));
}

export function createTable(db: AppDatabase, userId: number, input: TableInput, now = new Date()) {
  return db.insert(recordTables).values({ userId, title: input.title, description: input.description, createdAt: now }).returning().get();
}

/** A table of this user's, or null: someone else's id reads as "not found". */
export function findTable(db: AppDatabase, userId: number, tableId: number) {
  return (
    db
      .select()
      .from(recordTables)
      .where(and(eq(recordTables.id, tableId), eq(recordTables.userId, userId)))
      .get() ?? null
  );
}

export function updateTable(db: AppDatabase, userId: number, tableId: number, input: TableInput) {
  const table = findTable(db, userId, tableId);
  if (!table) return null;
  return db.update(recordTables).set(input).where(eq(recordTables.id, tableId)).returning().get();
}

export function deleteTable(db: AppDatabase, userId: number, tableId: number) {
  const table = findTable(db, userId, tableId);
  if (!table) return null;
  db.delete(recordTables).where(eq(recordTables.id, tableId)).run();
  return table;
}

/** The favourites in a table, oldest first. */
export function tableItems(db: AppDatabase, tableId: number) {
  return db
    .select({ favorite: favorites, addedToTableAt: recordTableItems.addedAt })
    .from(recordTableItems)
    .innerJoin(favorites, eq(favorites.id, recordTableItems.favoriteId))
    .where(eq(recordTableItems.tableId, tableId))
    .orderBy(asc(recordTableItems.addedAt), asc(favorites.id))
    .all();
}

export type AddItemResult = { ok: true } | { ok: false; reason: "noTables" | "inEveryTable" | "alreadyInTable" | "notFound" };

/**
 * Puts one of the user's favourites into one of their tables. Refused when the
 * user has no table at all, or when the favourite is already in every table.
 */
export function addItemToTable(
  db: AppDatabase,
  userId: number,
  tableId: number | null,
  favoriteId: number,
  now = new Date(),
): AddItemResult {
  return db.transaction((tx) => {
    const t = tx as unknown as AppDatabase;
    const tables = t.select({ id: recordTables.id }).from(recordTables).where(eq(recordTables.userId, userId)).all();
    if (tables.length === 0) return { ok: false, reason: "noTables" } as const;
    const favorite = t
      .select()
      .from(favorites)
      .where(and(eq(favorites.id, favoriteId), eq(favorites.userId, userId)))
      .get();
    if (!favorite) return { ok: false, reason: "notFound" } as const;
    const holding = new Set(
      t
        .select({ tableId: recordTableItems.tableId })
        .from(recordTableItems)
        .where(eq(recordTableItems.favoriteId, favoriteId))
        .all()
        .map((row) => row.tableId),
    );
    if (tables.every((table) => holding.has(table.id))) return { ok: false, reason: "inEveryTable" } as const;
    if (tableId === null || !tables.some((table) => table.id === tableId)) return { ok: false, reason: "notFound" } as const;
    if (holding.has(tableId)) return { ok: false, reason: "alreadyInTable" } as const;
    t.insert(recordTableItems).values({ tableId, favoriteId, addedAt: now }).run();
    return { ok: true } as const;
  });
}

export function removeItemFromTable(db: AppDatabase, userId: number, tableId: number, favoriteId: number) {
  if (!findTable(db, userId, tableId)) return false;
  db.delete(recordTableItems)
    .where(and(eq(recordTableItems.tableId, tableId), eq(recordTableItems.favoriteId, favoriteId)))
    .run();
  return true;
}
