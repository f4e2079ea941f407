import { and, asc, count, desc, eq, sql } from "drizzle-orm";

import { type AppDatabase, preparedPerDatabase } from "~/platform/database.server";

export type TableInput = { title: string; description: string };

export async function listTables(db: AppDatabase, userId: number) {
  const { recordTableItems, recordTables } = db.tables;
  const tables = await db.orm
    .select()
    .from(recordTables)
    .where(eq(recordTables.userId, userId))
    .orderBy(desc(recordTables.createdAt), desc(recordTables.id));
  const counts = await db.orm
    .select({ tableId: recordTableItems.tableId, items: count() })
    .from(recordTableItems)
    .innerJoin(recordTables, eq(recordTables.id, recordTableItems.tableId))
    .where(eq(recordTables.userId, userId))
    .groupBy(recordTableItems.tableId);
  const itemsIn = new Map(counts.map((row) => [row.tableId, row.items]));
  return tables.map((table) => ({ ...table, itemCount: itemsIn.get(table.id) ?? 0 }));
}

const tableNamesOfUser = preparedPerDatabase(({ orm, tables: { recordTables } }) =>
  orm
    .select({ id: recordTables.id, title: recordTables.title })
    .from(recordTables)
    .where(eq(recordTables.userId, sql.placeholder("userId")))
    .orderBy(desc(recordTables.createdAt), desc(recordTables.id))
    .prepare(),
);

/** The user's tables as `listTables` orders them, by name only: what a favourite can be added to. */
export async function tableChoices(db: AppDatabase, userId: number): Promise<{ id: number; title: string }[]> {
  return tableNamesOfUser(db).execute({ userId });
}

export async function createTable(db: AppDatabase, userId: number, input: TableInput, now: Date) {
  const { recordTables } = db.tables;
  const [table] = await db.orm
    .insert(recordTables)
    .values({ userId, title: input.title, description: input.description, createdAt: now })
    .returning();
  return table!;
}

/** A table of this user's, or null: someone else's id reads as "not found". */
export async function findTable(db: AppDatabase, userId: number, tableId: number) {
  const { recordTables } = db.tables;
  const [table] = await db.orm
    .select()
    .from(recordTables)
    .where(and(eq(recordTables.id, tableId), eq(recordTables.userId, userId)))
    .limit(1);
  return table ?? null;
}

export async function updateTable(db: AppDatabase, userId: number, tableId: number, input: TableInput) {
  const { recordTables } = db.tables;
  const [table] = await db.orm
    .update(recordTables)
    .set(input)
    .where(and(eq(recordTables.id, tableId), eq(recordTables.userId, userId)))
    .returning();
  return table ?? null;
}

export async function deleteTable(db: AppDatabase, userId: number, tableId: number) {
  const { recordTables } = db.tables;
  const [table] = await db.orm
    .delete(recordTables)
    .where(and(eq(recordTables.id, tableId), eq(recordTables.userId, userId)))
    .returning();
  return table ?? null;
}

/** The favourites in a table, oldest first. */
export async function tableItems(db: AppDatabase, tableId: number) {
  const { favorites, recordTableItems } = db.tables;
  return db.orm
    .select({ favorite: favorites, addedToTableAt: recordTableItems.addedAt })
    .from(recordTableItems)
    .innerJoin(favorites, eq(favorites.id, recordTableItems.favoriteId))
    .where(eq(recordTableItems.tableId, tableId))
    .orderBy(asc(recordTableItems.addedAt), asc(favorites.id));
}

export type AddItemResult = { ok: true } | { ok: false; reason: "noTables" | "inEveryTable" | "alreadyInTable" | "notFound" };

/**
 * Puts one of the user's favourites into one of their tables. Refused when the
 * user has no table at all, or when the favourite is already in every table.
 */
export async function addItemToTable(
  db: AppDatabase,
  userId: number,
  tableId: number | null,
  favoriteId: number,
  now: Date,
): Promise<AddItemResult> {
  return db.transaction(async (tx) => {
    const { favorites, recordTableItems, recordTables } = tx.tables;
    const tables = await tx.orm.select({ id: recordTables.id }).from(recordTables).where(eq(recordTables.userId, userId));
    if (tables.length === 0) return { ok: false, reason: "noTables" } as const;
    const [favorite] = await tx.orm
      .select({ id: favorites.id })
      .from(favorites)
      .where(and(eq(favorites.id, favoriteId), eq(favorites.userId, userId)))
      .limit(1);
    if (!favorite) return { ok: false, reason: "notFound" } as const;
    const holding = new Set(
      (
        await tx.orm.select({ tableId: recordTableItems.tableId }).from(recordTableItems).where(eq(recordTableItems.favoriteId, favoriteId))
      ).map((row) => row.tableId),
    );
    if (tables.every((table) => holding.has(table.id))) return { ok: false, reason: "inEveryTable" } as const;
    if (tableId === null || !tables.some((table) => table.id === tableId)) return { ok: false, reason: "notFound" } as const;
    if (holding.has(tableId)) return { ok: false, reason: "alreadyInTable" } as const;
    await tx.orm.insert(recordTableItems).values({ tableId, favoriteId, addedAt: now });
    return { ok: true } as const;
  });
}

export async function removeItemFromTable(db: AppDatabase, userId: number, tableId: number, favoriteId: number) {
  if (!(await findTable(db, userId, tableId))) return false;
  const { recordTableItems } = db.tables;
  await db.orm.delete(recordTableItems).where(and(eq(recordTableItems.tableId, tableId), eq(recordTableItems.favoriteId, favoriteId)));
  return true;
}
