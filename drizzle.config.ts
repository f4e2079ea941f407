import { mkdirSync } from "node:fs";
import path from "node:path";

import { defineConfig } from "drizzle-kit";

const databasePath = process.env.DATABASE_PATH ?? path.join(process.env.DATA_DIR ?? "./data", "app.db");
mkdirSync(path.dirname(databasePath), { recursive: true });

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  dbCredentials: { url: databasePath },
});
