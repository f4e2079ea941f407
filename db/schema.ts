import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const loginMethods = ["email", "google", "github"] as const;
export const themes = ["dark", "light"] as const;
export const userTypes = ["user", "admin"] as const;

export const users = sqliteTable(
  "users",
  {
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
    /** The last TOTP time step accepted, so a code cannot be replayed. */
    twofaLastStep: integer("twofa_last_step"),
    userType: text("user_type", { enum: userTypes }).notNull().default("user"),
    /** Stable provider ids for accounts that sign in with GitHub or Google. */
    githubId: text("github_id").unique(),
    googleId: text("google_id").unique(),
    createdAt: integer("created_at", { mode: "timestamp" })
      .notNull()
      .default(sql`(unixepoch())`),
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

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The last good answer of each live upstream call, so a restart with a dead upstream still shows data. */
export const marketCache = sqliteTable("market_cache", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  fetchedAt: integer("fetched_at").notNull(),
});

/** One signed-in device: every refresh token rotated from one login belongs to the same family. */
export const sessionFamilies = sqliteTable(
  "session_families",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp" }),
  },
  (table) => [index("session_families_user_idx").on(table.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes; a used one is kept to detect its reuse. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId)],
);

/** Single-use two-factor backup codes, stored hashed. */
export const backupCodes = sqliteTable(
  "backup_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp" }),
  },
  (table) => [index("backup_codes_user_idx").on(table.userId)],
);

/** Crypto detail views per hour on this instance: the home page's "most searched in 24h". */
export const cryptoViews = sqliteTable(
  "crypto_views",
  {
    cryptoId: text("crypto_id").notNull(),
    /** unix hour (seconds / 3600) */
    hour: integer("hour").notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.cryptoId, table.hour] })],
);

export const assetTypes = ["crypto", "stock"] as const;

/** A starred crypto or stock of a user. */
export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    assetId: text("asset_id").notNull(),
    addedAt: integer("added_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [uniqueIndex("favorites_user_asset_idx").on(table.userId, table.assetType, table.assetId)],
);

/** A user's record table: a titled group of their favourites. */
export const recordTables = sqliteTable(
  "record_tables",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [index("record_tables_user_idx").on(table.userId)],
);

/** Favourites placed in a record table. Removing a favourite removes each record table holding it: the code does that, not a foreign key. */
export const recordTableItems = sqliteTable(
  "record_table_items",
  {
    tableId: integer("table_id")
      .notNull()
      .references(() => recordTables.id, { onDelete: "cascade" }),
    favoriteId: integer("favorite_id")
      .notNull()
      .references(() => favorites.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tableId, table.favoriteId] }),
    /** A favourite's tables: its stars, removing it (and the cascade from favorites). */
    index("record_table_items_favorite_idx").on(table.favoriteId),
  ],
);

export const feedbackTypes = ["bug", "suggestion", "idea", "other"] as const;

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type", { enum: feedbackTypes }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull(),
  },
  (table) => [
    /** The administrators' list, newest first, a page at a time. */
    index("feedback_created_idx").on(table.createdAt, table.id),
    /** The cascade when an account is deleted. */
    index("feedback_user_idx").on(table.userId),
  ],
);

/** Screenshots sent with feedback, checked by content (PNG, JPEG, WebP or GIF) and under 1 MB. */
export const feedbackImages = sqliteTable(
  "feedback_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    feedbackId: integer("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
  },
  (table) => [index("feedback_images_feedback_idx").on(table.feedbackId)],
);

export const chatSenders = ["user", "ai"] as const;

/** A conversation with the assistant; the user's newest session is the one the chat continues. */
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    /** Chosen by the client (the app's pages send a random UUID; API clients any opaque id up to 128 characters). */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("chat_sessions_user_idx").on(table.userId, table.updatedAt)],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: chatSenders }).notNull(),
    text: text("text").notNull(),
    /** JSON list of {title, href}. */
    refs: text("refs").notNull().default("[]"),
    /** true liked, false disliked, null no opinion (assistant messages only). */
    liked: integer("liked", { mode: "boolean" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("chat_messages_session_idx").on(table.sessionId, table.id)],
);

export const releaseNoteStatuses = ["draft", "published"] as const;

/** A post of the release-notes blog; its body is Markdown, rendered to sanitised HTML when shown. */
export const releaseNotes = sqliteTable(
  "release_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    author: text("author").notNull(),
    status: text("status", { enum: releaseNoteStatuses }).notNull().default("draft"),
    /** Set when the note is published, cleared when it goes back to draft. */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /** An email address or an https URL readers can reach the author at. */
    contact: text("contact").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("release_notes_status_published_idx").on(table.status, table.publishedAt)],
);

export type ReleaseNote = typeof releaseNotes.$inferSelect;
