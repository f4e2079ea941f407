// `npm run db:backup -- FILE`: copies the database the server uses into FILE while the server
// keeps running: pg_dump's archive when DATABASE_URL names PostgreSQL, else a copy of the SQLite
// file found from DATA_DIR or DATABASE_PATH. The server's own code reads the configuration, so
// the database is found exactly as the server finds it. Restoring is in the README, "Backups".
import path from "node:path";

import { backupDatabase } from "../../app/platform/backup.server";
import { parseEnv } from "../../app/platform/env.server";
import { createPrivateDirectory } from "../../app/platform/private-files.server";
import { loadEnvFile } from "../lib/env-file.js";

const [target] = process.argv.slice(2);
if (!target) {
  console.error("usage: npm run db:backup -- <file>");
  process.exit(2);
}
// npm runs scripts in the package's directory: a relative FILE is taken from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const appDir = path.resolve(import.meta.dirname, "../..");
loadEnvFile(appDir);

try {
  const config = parseEnv(process.env, appDir);
  // A folder of backups is as private as the database (README's example names one that may not exist yet).
  createPrivateDirectory(path.dirname(file));
  await backupDatabase(config, file, process.env);
  console.log(`copied ${config.databaseUrl ? "the PostgreSQL database" : config.databasePath} to ${file}`);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
