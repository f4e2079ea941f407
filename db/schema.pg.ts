/**
 * The schema of db/schema.ts for PostgreSQL: the same tables, column names, nullability, defaults,
 * keys and indexes, and the same JavaScript types on the app's side (tests/unit/schema-parity.test.ts
 * holds the two together). Only the storage types are PostgreSQL's own.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { assetTypes, chatSenders, feedbackTypes, loginMethods, releaseNoteStatuses, themes, userTypes } from "./schema";

/**
 * A point in time to the whole second, cut rather than rounded, as the SQLite schema's
 * `timestamp` columns keep it: the same code reads back the same Date on either engine.
 */
const timestampSeconds = customType<{ data: Date; driverData: string }>({
  dataType: () => "timestamp(0) with time zone",
  toDriver: (value) => new Date(Math.floor(value.getTime() / 1000) * 1000).toISOString(),
  fromDriver: (value) => new Date(value),
});

/** A point in time to the millisecond, as the SQLite schema's `timestamp_ms` columns keep it. */
const timestampMs = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** The app's identifiers: numbered by the database, as SQLite's AUTOINCREMENT numbers them. */
const serialId = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

export const users = pgTable(
  "users",
  {
    id: serialId(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    nickname: text("nickname").notNull().unique(),
    passwordHash: text("password_hash"),
    loginMethod: text("login_method", { enum: loginMethods }).notNull().default("email"),
    theme: text("theme", { enum: themes }).notNull().default("dark"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    twofaToken: text("twofa_token"),
    twofaLastStep: integer("twofa_last_step"),
    userType: text("user_type", { enum: userTypes }).notNull().default("user"),
    githubId: text("github_id").unique(),
    googleId: text("google_id").unique(),
    createdAt: timestampSeconds("created_at")
      .notNull()
      .default(sql`date_trunc('second', now())`),
  },
  (table) => [
    /** The administrators' list, newest first, a page at a time. */
    index("users_created_idx").on(table.createdAt, table.id),
    /** Sign-up and profile edits: a nickname is taken whatever its case. */
    index("users_nickname_lower_idx").on(sql`lower(${table.nickname})`),
    /** "Is there an administrator yet?" at start, and the administrators' list. */
    index("users_type_idx").on(table.userType),
  ],
);

export const marketCache = pgTable("market_cache", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  /** Milliseconds since the epoch, beyond a 32-bit integer. */
  fetchedAt: bigint("fetched_at", { mode: "number" }).notNull(),
});

export const sessionFamilies = pgTable(
  "session_families",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestampSeconds("created_at").notNull(),
    revokedAt: timestampSeconds("revoked_at"),
  },
  (table) => [index("session_families_user_idx").on(table.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: "cascade" }),
    expiresAt: timestampSeconds("expires_at").notNull(),
    usedAt: timestampSeconds("used_at"),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId)],
);

export const backupCodes = pgTable(
  "backup_codes",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestampSeconds("used_at"),
  },
  (table) => [index("backup_codes_user_idx").on(table.userId)],
);

export const cryptoViews = pgTable(
  "crypto_views",
  {
    cryptoId: text("crypto_id").notNull(),
    hour: integer("hour").notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cryptoId, table.hour] })],
);

export const favorites = pgTable(
  "favorites",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    assetId: text("asset_id").notNull(),
    addedAt: timestampSeconds("added_at").notNull(),
  },
  (table) => [uniqueIndex("favorites_user_asset_idx").on(table.userId, table.assetType, table.assetId)],
);

export const recordTables = pgTable(
  "record_tables",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestampSeconds("created_at").notNull(),
  },
  (table) => [index("record_tables_user_idx").on(table.userId)],
);

export const recordTableItems = pgTable(
  "record_table_items",
  {
    tableId: integer("table_id")
      .notNull()
      .references(() => recordTables.id, { onDelete: "cascade" }),
    favoriteId: integer("favorite_id")
      .notNull()
      .references(() => favorites.id, { onDelete: "cascade" }),
    addedAt: timestampSeconds("added_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tableId, table.favoriteId] }),
    /** A favourite's tables: its stars, removing it (and the cascade from favorites). */
    index("record_table_items_favorite_idx").on(table.favoriteId),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type", { enum: feedbackTypes }).notNull(),
    createdAt: timestampSeconds("created_at").notNull(),
  },
  (table) => [
    /** The administrators' list, newest first, a page at a time. */
    index("feedback_created_idx").on(table.createdAt, table.id),
    /** The cascade when an account is deleted. */
    index("feedback_user_idx").on(table.userId),
  ],
);

export const feedbackImages = pgTable(
  "feedback_images",
  {
    id: serialId(),
    feedbackId: integer("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    data: bytes("data").notNull(),
  },
  (table) => [index("feedback_images_feedback_idx").on(table.feedbackId)],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestampMs("created_at").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
  },
  (table) => [index("chat_sessions_user_idx").on(table.userId, table.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serialId(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: chatSenders }).notNull(),
    text: text("text").notNull(),
    refs: text("refs").notNull().default("[]"),
    liked: boolean("liked"),
    createdAt: timestampMs("created_at").notNull(),
  },
  (table) => [index("chat_messages_session_idx").on(table.sessionId, table.id)],
);

export const releaseNotes = pgTable(
  "release_notes",
  {
    id: serialId(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    status: text("status", { enum: releaseNoteStatuses }).notNull().default("draft"),
    publishedAt: timestampMs("published_at"),
    contact: text("contact").notNull(),
    body: text("body").notNull(),
    createdAt: timestampMs("created_at").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
  },
  (table) => [index("release_notes_status_published_idx").on(table.status, table.publishedAt)],
);
