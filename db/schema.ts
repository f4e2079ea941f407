import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const loginMethods = ["email", "google", "github"] as const;
export const themes = ["dark", "light"] as const;
export const userTypes = ["user", "admin"] as const;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  nickname: text("nickname").notNull().unique(),
  /** argon2id hash; null for accounts that sign in with Google or GitHub. */
  passwordHash: text("password_hash"),
  loginMethod: text("login_method", { enum: loginMethods }).notNull().default("email"),
  theme: text("theme", { enum: themes }).notNull().default("dark"),
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  /** The TOTP secret (base32) once two-factor setup has started. */
  twofaToken: text("twofa_token"),
  userType: text("user_type", { enum: userTypes }).notNull().default("user"),
  createdAt: integer("created_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The last good answer of each live upstream call, so a restart with a dead upstream still shows data. */
export const marketCache = sqliteTable("market_cache", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  fetchedAt: integer("fetched_at").notNull(),
});
