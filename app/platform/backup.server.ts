import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import type { DatabaseConfig } from "./database.server";
import { makeDatabaseFilesPrivate } from "./private-files.server";

/**
 * Copies the database the server uses into `target` while the server keeps writing to it: with
 * `databaseUrl`, pg_dump's archive of one snapshot (restored with pg_restore); else SQLite's
 * online backup. Either way the copy holds every write committed before it started, and it is
 * as private as the database.
 */
export async function backupDatabase(
  config: Pick<DatabaseConfig, "databaseUrl" | "databasePath">,
  target: string,
  /** Where pg_dump runs: PATH finds it, and libpq reads its PG… settings there. */
  environment: NodeJS.ProcessEnv = {},
) {
  if (config.databaseUrl) return dumpPostgres(config.databaseUrl, target, environment);
  return backupSqlite(config.databasePath, target);
}

async function backupSqlite(file: string, target: string) {
  if (!existsSync(file)) throw new Error(`there is no database at ${file}`);
  if (path.resolve(target) === path.resolve(file)) throw new Error(`${target} is the database itself`);
  const source = new Database(file, { fileMustExist: true });
  try {
    makeDatabaseFilesPrivate(target);
    // Every page in one step: a backup in small steps starts over whenever another connection
    // writes between two of them, so on a busy server it could go on for a long time.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

/** pg_dump reads in one repeatable-read transaction: a consistent snapshot while writes go on. */
async function dumpPostgres(databaseUrl: string, target: string, environment: NodeJS.ProcessEnv) {
  // The password goes through the environment, not the command line other users can list.
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  makeDatabaseFilesPrivate(target);
  const dump = spawn("pg_dump", ["--format=custom", `--file=${target}`, `--dbname=${url}`], {
    env: { ...environment, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  dump.stderr.on("data", (chunk: Buffer) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => dump.once("error", reject).once("close", resolve));
  if (code !== 0) throw new Error(`pg_dump failed: ${errors.trim() || `exit code ${code}`}`);
}
