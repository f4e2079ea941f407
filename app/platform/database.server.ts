import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";

import Database from "better-sqlite3";
import { desc, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { BaseSQLiteDatabase, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { LRUCache } from "lru-cache";

import * as schema from "../../db/schema";
import type { Logger } from "./logger.server";
import { logAppliedMigrations } from "./migrations.server";
import { createPrivateDirectory, makeDatabaseFilesPrivate } from "./private-files.server";

export type Tables = typeof schema;

/**
 * The query builder every feature writes against. It is typed as asynchronous SQLite, whose
 * builders PostgreSQL's match for what the app uses (select, insert/update/delete with
 * `.returning()`, `onConflictDo…`): always `await` a query, never call the SQLite-only
 * `.get()`, `.all()` or `.run()`, and read rows (`.returning()`) rather than driver results.
 */
export type Orm = BaseSQLiteDatabase<"async", unknown, Tables>;

/**
 * The system of record, whichever engine serves it. Queries name tables through `tables` (the
 * engine's own definitions of the same schema), so one function serves both engines.
 */
export type AppDatabase = {
  readonly dialect: "sqlite" | "postgres";
  readonly orm: Orm;
  readonly tables: Tables;
  /**
   * Runs `work` in one transaction: all of it is stored or none. Inside, query through the `tx`
   * handle it is given (the same functions take it), and await only database work (see
   * `openSqlite`). A transaction started on `tx` joins this one.
   */
  transaction<T>(work: (tx: AppDatabase) => Promise<T>): Promise<T>;
  /** PostgreSQL's pool: its connections, in all, idle, and requests waiting for one (for the metrics). */
  pool?(): { total: number; idle: number; waiting: number };
  /** Rows of a hand-written statement (tests, tools, readiness). */
  rows<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]>;
  close(): Promise<void>;
};

/**
 * A query built once per database and run with `sql.placeholder` values: for the reads nearly
 * every signed-in request makes, where building Drizzle's SQL costs more than running it.
 * `build` calls `.prepare()` (PostgreSQL's statements then stay unnamed).
 */
export function preparedPerDatabase<Query>(build: (db: AppDatabase) => Query): (db: AppDatabase) => Query {
  const kept = new WeakMap<AppDatabase, Query>();
  return (db) => {
    let query = kept.get(db);
    if (!query) kept.set(db, (query = build(db)));
    return query;
  };
}

/** A table listed newest first, with an index on (created_at, id). */
type NewestFirstTable = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * The ids of one page of `table`, newest first, read from its (created_at, id) index alone: a deep
 * page then skips index entries rather than rows. Select the page's rows with `inArray(id, …)` and
 * put them in order with `newestFirst`.
 */
export function newestPageIds(db: AppDatabase, table: NewestFirstTable, page: number, perPage: number) {
  return db.orm
    .select({ id: table.id })
    .from(table)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** A page's rows newest first again: `in` keeps no order, and sorting a handful here spares the database a sort. */
export function newestFirst<Row extends { id: number; createdAt: Date }>(rows: Row[]): Row[] {
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * Whether `error` came from the database: a query Drizzle reports failed, or either driver's own
 * error (better-sqlite3's SqliteError, node-postgres' DatabaseError, which carries a severity).
 */
export function isDatabaseFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  return ("query" in error && "params" in error) || (error as Error).name === "SqliteError" || "severity" in error;
}

export type DatabaseConfig = { databaseUrl?: string; databasePath: string; appDir: string };

/**
 * PostgreSQL when `databaseUrl` is set, else the SQLite file at `databasePath`; migrated either
 * way. `logger` hears of each migration applied and of connections PostgreSQL drops.
 */
export async function openDatabase(config: DatabaseConfig, logger?: Logger): Promise<AppDatabase> {
  if (config.databaseUrl) {
    const { openPostgres } = await import("./postgres.server");
    return openPostgres(config.databaseUrl, config.appDir, { logger });
  }
  return openSqlite(config.databasePath, config.appDir, logger);
}

const sqliteTransaction = new AsyncLocalStorage<true>();

/** Enough for every query shape the app builds; a list of a new length is a new shape. */
const keptStatementsLimit = 500;

/**
 * Keeps each compiled statement for its SQL text. Drizzle asks better-sqlite3 to compile every
 * query it runs, and SQLite's compile costs more than most of the app's indexed reads. Drizzle may
 * switch a statement to raw (array) rows, so a kept one is switched back before it is handed out.
 */
function keepCompiledStatements(sqlite: Database.Database) {
  const compile = sqlite.prepare.bind(sqlite);
  const kept = new LRUCache<string, Database.Statement>({ max: keptStatementsLimit });
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (statement) {
      if (statement.reader) statement.raw(false);
      return statement;
    }
    statement = compile(source);
    kept.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Opens a SQLite file with WAL and foreign keys on, and brings its schema up to date with the
 * migrations of the app in `appDir`.
 *
 * better-sqlite3 runs each statement synchronously, so an awaited query settles within the same
 * turn of the event loop: a transaction whose work awaits only queries cannot interleave with
 * another request. Transactions still queue behind each other, and a nested one joins the
 * outer transaction.
 */
export function openSqlite(file: string, appDir: string, logger?: Logger): AppDatabase & { readonly sqlite: Database.Database } {
  createPrivateDirectory(path.dirname(file));
  makeDatabaseFilesPrivate(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL syncs the WAL at every commit: an acknowledged write survives a power cut, a kernel panic
  // or a filesystem the kernel turns read-only, which NORMAL (durable only across a crashed
  // process) loses. Decision 0040 measures what the fsync costs.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  keepCompiledStatements(sqlite);
  const orm = drizzle(sqlite, { schema });
  const migrationsFolder = path.join(appDir, "db/migrations");
  const newestMigration = () =>
    sqlite.prepare("select name from sqlite_master where name = '__drizzle_migrations'").get()
      ? Number(sqlite.prepare("select coalesce(max(created_at), 0) from __drizzle_migrations").pluck().get())
      : 0;
  const before = newestMigration();
  migrateSqlite(sqlite, () => migrate(orm, { migrationsFolder }));
  logAppliedMigrations(migrationsFolder, before, newestMigration(), logger);
  let queue: Promise<unknown> = Promise.resolve();
  const db: AppDatabase & { readonly sqlite: Database.Database } = {
    dialect: "sqlite",
    sqlite,
    orm: orm as unknown as Orm,
    tables: schema,
    transaction<T>(work: (tx: AppDatabase) => Promise<T>): Promise<T> {
      if (sqliteTransaction.getStore()) return work(db);
      const run = async () => {
        sqlite.exec("BEGIN IMMEDIATE");
        try {
          const result = await sqliteTransaction.run(true, () => work(db));
          sqlite.exec("COMMIT");
          return result;
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
    async rows<Row>(statement: SQL) {
      return orm.all<Row>(statement);
    },
    async close() {
      // Closing the last connection checkpoints the WAL into the database file and removes it.
      if (sqlite.open) sqlite.close();
    },
  };
  return db;
}

/**
 * Instances started together on one file race to apply the same migration; each migration is
 * one transaction, so the loser's attempt fails whole and a second attempt finds it applied.
 */
function migrateSqlite(sqlite: Database.Database, apply: () => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      apply();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100 * attempt);
    }
  }
}
