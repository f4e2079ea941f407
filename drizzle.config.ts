import { defineConfig } from "drizzle-kit";
import path from "node:path";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  dbCredentials: {
    url: process.env.DATABASE_PATH ?? path.join(process.env.DATA_DIR ?? "./data", "app.db"),
  },
});
