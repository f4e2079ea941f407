// `npm run db:migrate`: brings the database the server would use (DATABASE_URL's PostgreSQL, else
// the SQLite file found from DATA_DIR or DATABASE_PATH) up to date with the app's migrations, one
// line per migration applied. The server does the same at each start; this does it beforehand,
// e.g. to upgrade while the old release still serves (README, "Upgrading").
import path from "node:path";

import { openDatabase } from "../../app/platform/database.server";
import { parseEnv } from "../../app/platform/env.server";
import { loadEnvFile } from "../lib/env-file.js";

const appDir = path.resolve(import.meta.dirname, "../..");
loadEnvFile(appDir);

try {
  const config = parseEnv(process.env, appDir);
  // Without a logger, each migration applied is a line on the terminal.
  const db = await openDatabase(config);
  await db.close();
  const { host, pathname } = config.databaseUrl ? new URL(config.databaseUrl) : {};
  console.log(`database up to date: ${config.databaseUrl ? `PostgreSQL at ${host}${pathname}` : `SQLite at ${config.databasePath}`}`);
} catch (error) {
  console.error(`migration failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
