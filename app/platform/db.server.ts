import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import path from "node:path";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";
import { createPrivateDirectory, makeDatabaseFilesPrivate } from "./private-files.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens a SQLite file with WAL and foreign keys on, and brings its schema up to date with the
 * migrations of the app in `appDir` (tests run from the repository).
 */
export function openDatabase(file: string, appDir = process.cwd()): AppDatabase {
  createPrivateDirectory(path.dirname(file));
  makeDatabaseFilesPrivate(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // With WAL, NORMAL is durable across application crashes and avoids an fsync per write.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  // drizzle's journal makes this a no-op when every migration is already applied.
  migrate(db, { migrationsFolder: path.join(appDir, "db/migrations") });
  return db;
}

let instance: AppDatabase | undefined;

export function getDb(): AppDatabase {
  if (!instance) {
    const { databasePath, appDir } = getEnv();
    instance = openDatabase(databasePath, appDir);
  }
  return instance;
}

/** Closing the last connection checkpoints the WAL into the database file and removes it. */
export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}
