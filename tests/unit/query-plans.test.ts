/**
 * Issue 20, "Cost as the work grows": no query the account features make reads a whole table.
 * The features' own functions run against a migrated database while a logger hook records the
 * SQL Drizzle sends; each recorded statement on the watched tables is then explained by the
 * engine the suite runs on (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN with sequential
 * scans priced out, so any scan the planner still picks has no index to use instead).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Logger as DrizzleLogger } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listAdministrators, missingAdministratorNotice, setAdministrator } from "~/account/admins.server";
import { loginWithPassword, registerWithPassword } from "~/account/auth.server";
import { listUsers } from "~/account/settings.server";
import {
  activeSessionUser,
  isFamilyActive,
  revokeAllSessions,
  revokeFamily,
  rotateRefreshToken,
  startSession,
} from "~/account/tokens.server";
import { remainingBackupCodes, replaceBackupCodes } from "~/account/two-factor.server";
import { findUserByEmail, findUserById, findUserByNickname } from "~/account/users.server";
import {
  appendMessage,
  claimSession,
  currentConversation,
  dropLastReply,
  lastQuestion,
  pendingQuestion,
  previousExchange,
  rateReply,
} from "~/assistant/history.server";
import { findFeedbackImage, listFeedback, storeFeedback } from "~/content/feedback.server";
import { addFavorite, findFavorite, listFavorites, removeFavorite, tablesLinkedTo } from "~/favorites/favorites.server";
import { starStates } from "~/favorites/stars.server";
import {
  addItemToTable,
  createTable,
  deleteTable,
  findTable,
  listTables,
  removeItemFromTable,
  tableChoices,
  tableItems,
  updateTable,
} from "~/favorites/tables.server";
import { DAY_MS } from "~/lib/time";
import { type AppDatabase, openDatabase } from "~/platform/database.server";

import { createScratchDatabase, testDatabaseServer } from "../support/postgres-server";

/** The tables that grow with the users: every statement on one of them must find its rows through an index. */
const watchedTables = [
  "users",
  "favorites",
  "record_tables",
  "record_table_items",
  "chat_sessions",
  "chat_messages",
  "feedback",
  "feedback_images",
  "session_families",
  "refresh_tokens",
  "backup_codes",
];

type Statement = { sql: string; params: unknown[] };

/** Records every statement Drizzle runs on `db`, in transactions too (their sessions share the options). */
function recordStatements(db: AppDatabase): Statement[] {
  const recorded: Statement[] = [];
  const logger: DrizzleLogger = { logQuery: (query, params) => recorded.push({ sql: query, params }) };
  const session = (db.orm as unknown as { session: { logger: DrizzleLogger; options?: { logger?: DrizzleLogger } } }).session;
  session.logger = logger;
  // PostgreSQL's transactions open a session of their own with the pool's options.
  if (session.options) session.options.logger = logger;
  return recorded;
}

const touchesWatchedTable = (statement: string) => watchedTables.some((table) => new RegExp(`["\`]${table}["\`]`).test(statement));

/**
 * The plan's lines that read a whole watched table on SQLite: a scan of the table itself, an
 * automatic index (built for this one query by reading the table), or a walk over a whole index.
 * An index walk passes where it stops early (a LIMIT over rows the index already orders: the
 * admin lists' pages) and for a bare `count(*)`, which reads the smallest index whole by nature
 * (the admin lists' totals; the bench's "scale" section measures what it costs).
 */
function sqliteFullScans(sql: string, plan: string[]) {
  const bounded = /\blimit\b/i.test(sql) && !plan.some((line) => line.includes("TEMP B-TREE FOR ORDER BY"));
  const counting = /^select count\(\*\) from "\w+"$/.test(sql);
  return plan.filter((line) => {
    const read = /^(?:SCAN|SEARCH) (\w+)/.exec(line)?.[1];
    if (read === undefined || !watchedTables.includes(read)) return false;
    if (/AUTOMATIC/.test(line)) return true;
    if (!line.startsWith("SCAN")) return false;
    if (!/USING (COVERING )?INDEX/.test(line)) return true;
    return !bounded && !counting;
  });
}

/** The plan's lines that read a watched table sequentially, on PostgreSQL. */
function postgresFullScans(plan: string[]) {
  return plan.filter((line) => {
    const scanned = /Seq Scan on (\w+)/.exec(line)?.[1];
    return scanned !== undefined && watchedTables.includes(scanned);
  });
}

type Explainer = { fullScans(statement: Statement): Promise<string[]>; close(): Promise<void> };

async function explainerFor(db: AppDatabase, databaseUrl: string | undefined): Promise<Explainer> {
  if (db.dialect === "sqlite") {
    const { sqlite } = db as AppDatabase & { sqlite: import("better-sqlite3").Database };
    return {
      async fullScans({ sql, params }) {
        const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as unknown[])) as Array<{ detail: string }>;
        return sqliteFullScans(
          sql,
          plan.map((step) => step.detail),
        );
      },
      async close() {},
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A sequential scan still wins where no index can serve; everywhere else an index is cheaper now.
  await client.query("set enable_seqscan = off");
  return {
    async fullScans({ sql, params }) {
      const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
      return postgresFullScans(result.rows.map((line) => line["QUERY PLAN"]));
    },
    close: () => client.end(),
  };
}

let db: AppDatabase;
let explainer: Explainer;
let statements: Statement[];

beforeAll(async () => {
  const databaseUrl = testDatabaseServer ? await createScratchDatabase(testDatabaseServer) : undefined;
  const databasePath = path.join(mkdtempSync(path.join(tmpdir(), "market-analytics-plans-")), "app.db");
  db = await openDatabase({ databaseUrl, databasePath, appDir: process.cwd() });
  explainer = await explainerFor(db, databaseUrl);
  statements = recordStatements(db);
  await runAccountFeatures(db);
}, 60_000);

afterAll(async () => {
  await explainer?.close();
  await db?.close();
});

/** Every path issue 20 names, through the features' own functions, so each of their queries runs once. */
async function runAccountFeatures(db: AppDatabase) {
  const now = new Date("2026-03-02T12:00:00Z");
  const policy = { secret: "query-plans-secret-0123456789abcdef", maxAgeMs: 30 * DAY_MS };
  // Sign-up (its uniqueness checks), sign-in, the session's refreshes and sign-out.
  const registered = await registerWithPassword(db, {
    email: "plans@example.test",
    name: "Plan Reader",
    nickname: "plan_reader",
    password: "correct-Horse-battery-9",
  });
  if (!registered.ok) throw new Error(`registering failed: ${JSON.stringify(registered.errors)}`);
  const user = registered.user;
  await registerWithPassword(db, {
    email: "PLANS@example.test",
    name: "Again",
    nickname: "Plan_Reader",
    password: "correct-Horse-battery-9",
  });
  await loginWithPassword(db, "plans@example.test", "correct-Horse-battery-9");
  await findUserByEmail(db, "nobody@example.test");
  await findUserByNickname(db, "nobody");
  await findUserById(db, user.id);
  const session = await startSession(db, user.id, policy, now.getTime());
  await isFamilyActive(db, session.familyId, policy, now.getTime());
  await activeSessionUser(db, { userId: user.id, familyId: session.familyId }, policy, now.getTime());
  await rotateRefreshToken(db, session.refreshToken, policy, now.getTime() + 1000);
  await rotateRefreshToken(db, session.refreshToken, policy, now.getTime() + 120_000);
  await revokeFamily(db, session.familyId, now.getTime());
  await revokeAllSessions(db, user.id, now.getTime());
  await replaceBackupCodes(db, user.id);
  await remainingBackupCodes(db, user.id);

  // /user/favorite-items and the stars of the market pages.
  const { favorite: bitcoin } = await addFavorite(db, user.id, "crypto", "bitcoin", now);
  const { favorite: petrobras } = await addFavorite(db, user.id, "stock", "PETR4", now);
  await addFavorite(db, user.id, "stock", "PETR4", now);
  await findFavorite(db, user.id, "crypto", "bitcoin");
  await listFavorites(db, user.id);
  await listFavorites(db, user.id, "stock");
  await starStates(db, user.id);
  await tablesLinkedTo(db, user.id, bitcoin.id);

  // A record table page, its CSV and its edits.
  const table = await createTable(db, user.id, { title: "Carteira", description: "" }, now);
  await addItemToTable(db, user.id, table.id, bitcoin.id, now);
  await addItemToTable(db, user.id, table.id, petrobras.id, now);
  await listTables(db, user.id);
  await tableChoices(db, user.id);
  await findTable(db, user.id, table.id);
  await tableItems(db, table.id);
  await updateTable(db, user.id, table.id, { title: "Carteira 2", description: "longo prazo" });
  await removeItemFromTable(db, user.id, table.id, petrobras.id);
  await removeFavorite(db, user.id, "crypto", "bitcoin");
  await deleteTable(db, user.id, table.id);

  // /chat: the conversation, a question and its answer, ratings, a refresh.
  const sessionId = "7b0f5f5e-2c55-4c3e-9a43-3f4f0a4b1c11";
  await currentConversation(db, user.id);
  await claimSession(db, user.id, sessionId, now);
  await claimSession(db, user.id, sessionId, now);
  await appendMessage(db, sessionId, { sender: "user", text: "O que é um FII?" }, now);
  const reply = await appendMessage(db, sessionId, { sender: "ai", text: "Um fundo imobiliário." }, now);
  await currentConversation(db, user.id);
  await rateReply(db, user.id, Number(reply.id), true);
  await previousExchange(db, sessionId, { refresh: true });
  await lastQuestion(db, sessionId);
  await pendingQuestion(db, sessionId);
  await dropLastReply(db, sessionId);

  // The administration: the user and feedback lists, a screenshot.
  await storeFeedback(
    db,
    user.id,
    { title: "Gráfico", description: "O gráfico não carrega.", type: "bug" },
    [{ mimeType: "image/png", data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }],
    now,
  );
  const { items } = await listFeedback(db, 1);
  await findFeedbackImage(db, items[0]?.images[0]?.id ?? 0);
  await listUsers(db, 2);
  await setAdministrator(db, user.id, true);
  await listAdministrators(db);
  await missingAdministratorNotice(db);
}

describe(`query plans (${testDatabaseServer ? "PostgreSQL" : "SQLite"})`, () => {
  it("records the statements of every path on the watched tables", () => {
    const watched = statements.filter((statement) => touchesWatchedTable(statement.sql));
    const tables = new Set(watched.flatMap((statement) => watchedTables.filter((table) => statement.sql.includes(`${table}`))));
    expect([...tables].sort()).toEqual([...watchedTables].sort());
    expect(watched.length).toBeGreaterThan(40);
  });

  it("finds its rows through an index in every statement", async () => {
    const seen = new Set<string>();
    const fullScans: Array<{ sql: string; scans: string[] }> = [];
    for (const statement of statements) {
      if (!touchesWatchedTable(statement.sql) || seen.has(statement.sql)) continue;
      seen.add(statement.sql);
      const scans = await explainer.fullScans(statement);
      if (scans.length > 0) fullScans.push({ sql: statement.sql, scans });
    }
    expect(fullScans).toEqual([]);
  });

  it("tells a full scan when it sees one", async () => {
    const unindexed =
      db.dialect === "sqlite" ? 'select "id" from "feedback" where "title" = ?' : 'select "id" from "feedback" where "title" = $1';
    expect(await explainer.fullScans({ sql: unindexed, params: ["Gráfico"] })).toHaveLength(1);
  });
});
