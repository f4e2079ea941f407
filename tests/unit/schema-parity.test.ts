/**
 * SQLite and PostgreSQL hold the same data in the same shape: a database migrated by each
 * engine's own migrations has the same tables, columns (name, nullability, default, numbering,
 * a storage type of the same family), primary keys, foreign keys with their ON DELETE, unique
 * constraints and indexes; and both Drizzle schemas give the app the same types.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { getTableColumns, type InferInsertModel, type InferSelectModel, is, sql, Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";

import { type AppDatabase, openDatabase, openSqlite } from "~/platform/database.server";

import * as sqliteSchema from "../../db/schema";
import * as pgSchema from "../../db/schema.pg";
import {
  createScratchDatabase,
  postgresBinDir,
  postgresForTest,
  type PostgresServer,
  testDatabaseServer,
} from "../support/postgres-server";

type Column = { name: string; nullable: boolean; family: string; default: string | null; numbered: boolean };
type ForeignKey = { columns: string[]; references: string; referencedColumns: string[]; onDelete: string };
type Index = { name: string; unique: boolean; columns: string[] };
type Shape = { columns: Column[]; primaryKey: string[]; foreignKeys: ForeignKey[]; indexes: Index[] };

const byName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => a.name.localeCompare(b.name));

/** A default as both engines would compute it: casts, quoting of the same literal and "the current time" told apart from the rest. */
function normaliseDefault(expression: string | null) {
  if (expression === null) return null;
  if (/now\(\)|unixepoch\(\)|current_timestamp/i.test(expression)) return "the current time";
  return expression.replace(/::[a-z ]+$/i, "");
}

/** How SQLite would store what a PostgreSQL type holds (booleans and times are integers there). */
function pgFamily(type: string) {
  if (/^(smallint|integer|bigint|boolean|timestamp)/.test(type)) return "integer";
  if (type === "bytea") return "blob";
  return type;
}

async function sqliteShape(db: AppDatabase): Promise<Record<string, Shape>> {
  const tables = await db.rows<{ name: string; sql: string }>(
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
  );
  const shapes: Record<string, Shape> = {};
  for (const table of tables) {
    const columns = await db.rows<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      sql`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table.name})`,
    );
    const foreignKeys = await db.rows<{ id: number; table: string; from: string; to: string; on_delete: string }>(
      sql`select id, "table", "from", "to", on_delete from pragma_foreign_key_list(${table.name}) order by id, seq`,
    );
    const indexes = await db.rows<{ name: string; unique: number }>(
      sql`select name, "unique" from pragma_index_list(${table.name}) where origin <> 'pk'`,
    );
    const groupedKeys = new Map<number, ForeignKey>();
    for (const key of foreignKeys) {
      const entry = groupedKeys.get(key.id) ?? {
        columns: [],
        references: key.table,
        referencedColumns: [],
        onDelete: key.on_delete.toLowerCase(),
      };
      entry.columns.push(key.from);
      entry.referencedColumns.push(key.to);
      groupedKeys.set(key.id, entry);
    }
    shapes[table.name] = {
      columns: byName(
        columns.map((column) => ({
          name: column.name,
          nullable: column.notnull === 0,
          family: column.type.toLowerCase(),
          default: normaliseDefault(column.dflt_value),
          numbered: new RegExp(`\`${column.name}\` integer PRIMARY KEY AUTOINCREMENT`).test(table.sql),
        })),
      ),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      foreignKeys: [...groupedKeys.values()].sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
      indexes: byName(
        await Promise.all(
          indexes.map(async (index) => ({
            name: index.name,
            unique: index.unique === 1,
            // An expression (lower(nickname)) has no column name on either engine.
            columns: (await db.rows<{ name: string | null }>(sql`select name from pragma_index_info(${index.name}) order by seqno`)).map(
              (column) => column.name ?? "(expression)",
            ),
          })),
        ),
      ),
    };
  }
  return shapes;
}

const onDeleteActions: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

async function pgShape(db: AppDatabase): Promise<Record<string, Shape>> {
  const tables = await db.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const shapes: Record<string, Shape> = {};
  for (const { name: table } of tables) {
    const columns = await db.rows<{ name: string; is_nullable: string; type: string; column_default: string | null; is_identity: string }>(
      sql`select column_name as name, is_nullable, format_type(a.atttypid, a.atttypmod) as type, column_default, is_identity
          from information_schema.columns c
          join pg_attribute a on a.attrelid = ${table}::regclass and a.attname = c.column_name
          where c.table_schema = 'public' and c.table_name = ${table}`,
    );
    // Every key and index with its columns in order; a unique constraint is served by a unique index of its name.
    const indexes = await db.rows<{ name: string; primary: boolean; unique: boolean; columns: string[] }>(
      sql`select i.relname as name, x.indisprimary as primary, x.indisunique as unique,
                 array(select coalesce(a.attname::text, '(expression)') from unnest(x.indkey) with ordinality k(attnum, n)
                       left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns
          from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = ${table}::regclass`,
    );
    const foreignKeys = await db.rows<{ columns: string[]; references: string; referenced_columns: string[]; on_delete: string }>(
      sql`select array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
                       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns,
                 c.confrelid::regclass::text as references,
                 array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
                       join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as referenced_columns,
                 c.confdeltype as on_delete
          from pg_constraint c where c.contype = 'f' and c.conrelid = ${table}::regclass`,
    );
    shapes[table] = {
      columns: byName(
        columns.map((column) => ({
          name: column.name,
          nullable: column.is_nullable === "YES",
          family: pgFamily(column.type),
          default: normaliseDefault(column.column_default),
          numbered: column.is_identity === "YES",
        })),
      ),
      primaryKey: indexes.find((index) => index.primary)?.columns ?? [],
      foreignKeys: foreignKeys
        .map((key) => ({
          columns: key.columns,
          references: key.references,
          referencedColumns: key.referenced_columns,
          onDelete: onDeleteActions[key.on_delete] ?? key.on_delete,
        }))
        .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
      indexes: byName(indexes.filter((index) => !index.primary).map(({ name, unique, columns }) => ({ name, unique, columns }))),
    };
  }
  return shapes;
}

describe.skipIf(!testDatabaseServer && !postgresBinDir())("the SQLite and PostgreSQL schemas", () => {
  let server: PostgresServer;
  let sqliteDb: AppDatabase;
  let pgDb: AppDatabase;

  beforeAll(async () => {
    server = await postgresForTest();
    sqliteDb = openSqlite(path.join(mkdtempSync(path.join(tmpdir(), "ma-parity-")), "app.db"), process.cwd());
    pgDb = await openDatabase({ databaseUrl: await createScratchDatabase(server.url), databasePath: "", appDir: process.cwd() });
  }, 60_000);
  afterAll(async () => {
    await sqliteDb?.close();
    await pgDb?.close();
    await server?.stop();
  });

  it("have the same tables, columns, keys, unique constraints and indexes once migrated", async () => {
    const sqlite = await sqliteShape(sqliteDb);
    const pg = await pgShape(pgDb);
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) expect(pg[table], table).toEqual(sqlite[table]);
  });

  it("hold the same seeded rows", async () => {
    const notes = (db: AppDatabase) => db.orm.select().from(db.tables.releaseNotes).orderBy(db.tables.releaseNotes.id);
    expect(await notes(pgDb)).toEqual(await notes(sqliteDb));
  });

  it("name the same tables and columns for the app", () => {
    const columnsOf = (schema: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(schema)
          .filter((entry): entry is [string, Table] => is(entry[1], Table))
          .map(([name, table]) => [name, Object.keys(getTableColumns(table)).sort()]),
      );
    expect(columnsOf(pgSchema)).toEqual(columnsOf(sqliteSchema));
  });
});

type TablesOf<Schema> = { [K in keyof Schema as Schema[K] extends Table ? K : never]: Schema[K] };
type RowsOf<Schema> = {
  [K in keyof TablesOf<Schema>]: TablesOf<Schema>[K] extends Table
    ? { read: InferSelectModel<TablesOf<Schema>[K]>; write: InferInsertModel<TablesOf<Schema>[K]> }
    : never;
};

// Checked by the type checker (npm run typecheck): Date for times, boolean, number, string, Buffer, the same enums and optional fields.
it("give the app the same row types", () => {
  expectTypeOf<RowsOf<typeof pgSchema>>().toEqualTypeOf<RowsOf<typeof sqliteSchema>>();
});
