import { defineConfig } from "drizzle-kit";

/** PostgreSQL's migrations, beside SQLite's: `npm run db:generate:pg` after a change to db/schema.pg.ts. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/market_analytics" },
});
