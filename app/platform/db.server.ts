import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve("db/migrations");

/** Opens a SQLite file with WAL and foreign keys on, and brings its schema up to date. */
export function openDatabase(file: string): AppDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // With WAL, NORMAL is durable across application crashes and avoids an fsync per write.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  // drizzle's journal makes this a no-op when every migration is already applied.
  migrate(db, { migrationsFolder });
  return db;
}

let instance: AppDatabase | undefined;

export function getDb(): AppDatabase {
  instance ??= openDatabase(getEnv().databasePath);
  return instance;
}
