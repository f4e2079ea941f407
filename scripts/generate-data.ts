// `npm run data:generate [-- --scale=0.1]`: fills an empty database with issue 20's large data set
// (100,000 users, 1,000,000 favourites, 100,000 record tables with their items, 200,000 chat
// messages, 50,000 feedback reports) through the app's own schema and migrations, on the database
// the server would use: SQLite in DATA_DIR (or DATABASE_PATH), PostgreSQL with DATABASE_URL.
// Seeded, so two runs make the same rows. Multi-row INSERTs in large transactions; one argon2
// hash serves every account. It also makes the accounts the bench measures (scripts/lib/scale-accounts.js):
// users with 10, 100 and 1,000 favourites and a record table holding all of them (with 10, 100
// and 2,000 chat messages), and an administrator. It refuses a database that already has users.
import { writeFileSync } from "node:fs";
import path from "node:path";

import { type Column, count, getTableColumns, getTableName, sql, type Table } from "drizzle-orm";
import pg from "pg";

import { hashPassword } from "../app/account/password.server";
import { DAY_MS } from "../app/lib/time";
import cryptos from "../app/market/data/cryptos.json";
import stocks from "../app/market/data/stocks.json";
import { type AppDatabase, openDatabase } from "../app/platform/database.server";
import { loadEnv } from "../app/platform/env.server";
import {
  adminEmail,
  generatedEmail,
  generatorVersion,
  measuredEmail,
  measuredSizes,
  scalePassword,
  scaleTotals,
} from "./lib/scale-accounts.js";

const scaleArgument = process.argv.slice(2).find((argument) => argument.startsWith("--scale="));
const scale = scaleArgument ? Number(scaleArgument.split("=")[1]) : 1;
if (!(scale > 0 && scale <= 1)) {
  console.error("usage: npm run data:generate [-- --scale=<0..1>]");
  process.exit(2);
}
const totals = Object.fromEntries(
  Object.entries(scaleTotals).map(([name, total]) => [name, Math.round(total * scale)]),
) as typeof scaleTotals;

/** mulberry32: small, fast and the same on every machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seededRandom(20);
const below = (limit: number) => Math.floor(random() * limit);
const hex = (digits: number) => Array.from({ length: digits }, () => below(16).toString(16)).join("");
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

/** Every row dates from the two years before this instant, whenever the generator runs. */
const end = Date.UTC(2026, 0, 1);
const someTimeBefore = (limitMs: number, after = end - 730 * DAY_MS) => new Date(after + below(Math.max(1, limitMs - after)));

type Asset = { type: "crypto" | "stock"; id: string };
/** The embedded data's assets (their count, 367, is prime: any stride visits each once). */
const assets: Asset[] = [
  ...cryptos.map((coin) => ({ type: "crypto" as const, id: coin.id })),
  ...stocks.map((stock) => ({ type: "stock" as const, id: stock.ticker })),
];

const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
const log = (message: string) => console.error(`[${elapsed()}] ${message}`);

type BulkInsert = (table: Table, columns: string[], rows: unknown[][], returning: string[]) => Promise<Array<Record<string, unknown>>>;

/**
 * The driver's own multi-row INSERT, named and converted by the app's Drizzle schema (each
 * column's name and its mapping to what the driver stores): Drizzle's builder costs far more
 * per row than the database does.
 */
type Bulk = { insert: BulkInsert; transaction(work: () => Promise<void>): Promise<void>; close(): Promise<void> };

async function bulkInserter(db: AppDatabase, databaseUrl: string | undefined): Promise<Bulk> {
  const statementFor = (table: Table, columns: string[], rows: number, returning: string[], placeholder: (n: number) => string) => {
    let n = 0;
    const tuple = () => `(${columns.map(() => placeholder(++n)).join(", ")})`;
    const values = Array.from({ length: rows }, tuple).join(", ");
    const returned = returning.length ? ` returning ${returning.map((name) => `"${name}"`).join(", ")}` : "";
    return `insert into "${getTableName(table)}" (${columns.map((name) => `"${name}"`).join(", ")}) values ${values}${returned}`;
  };
  if (db.dialect === "sqlite") {
    const { sqlite } = db as AppDatabase & { sqlite: import("better-sqlite3").Database };
    const prepared = new Map<string, import("better-sqlite3").Statement>();
    return {
      async insert(table, columns, rows, returning) {
        const key = `${getTableName(table)}:${rows.length}`;
        let statement = prepared.get(key);
        if (!statement) prepared.set(key, (statement = sqlite.prepare(statementFor(table, columns, rows.length, returning, () => "?"))));
        const flat = rows.flat();
        if (returning.length) return statement.all(flat) as Array<Record<string, unknown>>;
        statement.run(flat);
        return [];
      },
      async transaction(work) {
        sqlite.exec("BEGIN IMMEDIATE");
        await work();
        sqlite.exec("COMMIT");
      },
      async close() {},
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async insert(table, columns, rows, returning) {
      const result = await client.query(
        statementFor(table, columns, rows.length, returning, (n) => `$${n}`),
        rows.flat(),
      );
      return result.rows;
    },
    async transaction(work) {
      await client.query("begin");
      await work();
      await client.query("commit");
    },
    close: () => client.end(),
  };
}

let bulk: Bulk | undefined;

/**
 * Inserts `rows` many at a time, a transaction per 50,000 rows, and returns the `returning`
 * columns (schema keys) of each row, in order.
 */
async function insertAll<Row extends Record<string, unknown>, Returned = never>(
  name: string,
  table: Table,
  rows: Row[],
  returning: Array<keyof Returned & string> = [],
): Promise<Returned[]> {
  const inserter = bulk;
  if (!inserter) throw new Error("insertAll before the inserter is open");
  const schemaColumns = getTableColumns(table) as Record<string, Column>;
  // Every row names the same columns (one left out would silently take its default).
  const keys = Object.keys(rows[0] ?? {});
  const odd = rows.find((row) => Object.keys(row).length !== keys.length);
  if (odd) throw new Error(`${name}: a row names other columns than the first: ${JSON.stringify(odd)}`);
  const columns = keys.map((key) => schemaColumns[key]!.name);
  const returnedColumns = returning.map((key) => schemaColumns[key]!.name);
  // SQLite takes 32,766 parameters a statement, PostgreSQL 65,535.
  const perStatement = Math.min(1000, Math.floor(30_000 / keys.length));
  const returned: Returned[] = [];
  const started = Date.now();
  for (let from = 0; from < rows.length; from += 50_000) {
    const chunk = rows.slice(from, from + 50_000);
    await inserter.transaction(async () => {
      for (let at = 0; at < chunk.length; at += perStatement) {
        const values = chunk.slice(at, at + perStatement).map((row) => keys.map((key) => schemaColumns[key]!.mapToDriverValue(row[key])));
        const answered = await inserter.insert(table, columns, values, returnedColumns);
        for (const found of answered)
          returned.push(Object.fromEntries(returning.map((key, n) => [key, found[returnedColumns[n]!]])) as Returned);
      }
    });
    const done = Math.min(rows.length, from + 50_000);
    if (rows.length > 50_000)
      process.stderr.write(`\r  ${name}: ${done.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")}`);
  }
  if (rows.length > 50_000) process.stderr.write("\n");
  log(`${name}: ${rows.length.toLocaleString("en-US")} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return returned;
}

const config = loadEnv(process.env, path.resolve(import.meta.dirname, ".."));
const db = await openDatabase(config);
const { chatMessages, chatSessions, favorites, feedback, recordTableItems, recordTables, users } = db.tables;
try {
  const [existing] = await db.orm.select({ users: count() }).from(users);
  if ((existing?.users ?? 0) > 0) {
    console.error(`The database already has ${existing?.users} users: the generator fills an empty one (a new DATA_DIR or database).`);
    process.exit(1);
  }
  log(`${db.dialect === "sqlite" ? `SQLite at ${config.databasePath}` : "PostgreSQL"}, scale ${scale}`);
  const passwordHash = await hashPassword(scalePassword);
  bulk = await bulkInserter(db, config.databaseUrl);

  // Users: the measured ones and the administrator first, then the ordinary accounts.
  const ordinaryCount = Math.max(0, totals.users - measuredSizes.length - 1);
  const userRows = [
    ...measuredSizes.map((size) => ({
      email: measuredEmail(size),
      name: `Measured ${size}`,
      nickname: `measured_${size}`,
      userType: "user" as const,
    })),
    { email: adminEmail, name: "Scale Admin", nickname: "scale_admin", userType: "admin" as const },
    ...Array.from({ length: ordinaryCount }, (_, index) => ({
      email: generatedEmail(index + 1),
      name: `User ${index + 1}`,
      nickname: `user${index + 1}`,
      userType: "user" as const,
    })),
  ].map((user) => ({ ...user, passwordHash, createdAt: someTimeBefore(end - 30 * DAY_MS) }));
  const userIds = (await insertAll<(typeof userRows)[number], { id: number }>("users", users, userRows, ["id"])).map((row) => row.id);
  const measuredIds = userIds.slice(0, measuredSizes.length);
  const ordinaryIds = userIds.slice(measuredSizes.length + 1);
  const createdAtOf = new Map(userIds.map((id, index) => [id, userRows[index]!.createdAt.getTime()]));

  // Favourites: the measured users' first, then about the same number for every ordinary account
  // (pairs of accounts share 2 × the average between them, so the total is exact).
  type FavoriteRow = { userId: number; assetType: Asset["type"]; assetId: string; addedAt: Date };
  const favoriteRows: FavoriteRow[] = [];
  const favoritesOf = (userId: number, picked: Asset[]) => {
    for (const asset of picked) {
      favoriteRows.push({ userId, assetType: asset.type, assetId: asset.id, addedAt: someTimeBefore(end, createdAtOf.get(userId)) });
    }
  };
  measuredSizes.forEach((size, index) => {
    // Beyond the 367 assets of the embedded data, tickers nobody lists (quoted as unavailable).
    const extra = Array.from({ length: Math.max(0, size - assets.length) }, (_, n) => ({
      type: "stock" as const,
      id: `SCL${String(n + 1).padStart(4, "0")}`,
    }));
    favoritesOf(measuredIds[index]!, [...assets.slice(0, size), ...extra].slice(0, size));
  });
  const ordinaryFavorites = Math.max(0, totals.favorites - favoriteRows.length);
  const average = ordinaryIds.length > 0 ? ordinaryFavorites / ordinaryIds.length : 0;
  let remaining = ordinaryFavorites;
  ordinaryIds.forEach((userId, index) => {
    const left = ordinaryIds.length - index;
    const spread = Math.floor(average);
    let wanted = index % 2 === 0 ? Math.round(average) + below(spread + 1) - Math.floor(spread / 2) : Math.round(remaining / left);
    if (left === 1) wanted = remaining;
    wanted = Math.max(0, Math.min(assets.length, wanted, remaining));
    const start = below(assets.length);
    const stride = 1 + below(assets.length - 1);
    favoritesOf(
      userId,
      Array.from({ length: wanted }, (_, n) => assets[(start + n * stride) % assets.length]!),
    );
    remaining -= wanted;
  });
  const favoriteIds = await insertAll<FavoriteRow, { id: number; userId: number }>("favorites", favorites, favoriteRows, ["id", "userId"]);
  const favoritesByUser = new Map<number, number[]>();
  for (const { id, userId } of favoriteIds) {
    const list = favoritesByUser.get(userId) ?? [];
    list.push(id);
    favoritesByUser.set(userId, list);
  }

  // Record tables: one per measured user holding all its favourites; one per ordinary account
  // (round the accounts again if there are more tables), with up to three of its favourites.
  const tableOwners = [
    ...measuredIds,
    ...Array.from({ length: Math.max(0, totals.recordTables - measuredIds.length) }, (_, n) => ordinaryIds[n % ordinaryIds.length]!),
  ];
  const tableRows = tableOwners.map((userId, index) => ({
    userId,
    title: index < measuredIds.length ? `Measured ${measuredSizes[index]}` : `Carteira ${index}`,
    description: index % 3 === 0 ? "Longo prazo" : "",
    createdAt: someTimeBefore(end, createdAtOf.get(userId)),
  }));
  const tableIds = await insertAll<(typeof tableRows)[number], { id: number }>("record tables", recordTables, tableRows, ["id"]);
  const itemRows: Array<{ tableId: number; favoriteId: number; addedAt: Date }> = [];
  tableIds.forEach(({ id }, index) => {
    const owned = favoritesByUser.get(tableOwners[index]!) ?? [];
    const picked = index < measuredIds.length ? owned : owned.slice(0, Math.min(owned.length, 1 + below(3)));
    for (const favoriteId of picked) itemRows.push({ tableId: id, favoriteId, addedAt: someTimeBefore(end, end - 30 * DAY_MS) });
  });
  await insertAll("record table items", recordTableItems, itemRows);

  // Chat: the measured users have 10, 100 and 20 × 100 messages (100 a conversation and 20
  // conversations are the app's limits); ordinary accounts conversations of 10.
  const sessionRows: Array<{ id: string; userId: number; createdAt: Date; updatedAt: Date }> = [];
  const messageRows: Array<{ sessionId: string; sender: "user" | "ai"; text: string; createdAt: Date }> = [];
  const conversation = (userId: number, messages: number) => {
    const createdAt = someTimeBefore(end, end - 60 * DAY_MS).getTime();
    const id = uuid();
    sessionRows.push({ id, userId, createdAt: new Date(createdAt), updatedAt: new Date(createdAt + messages * 60_000) });
    for (let n = 0; n < messages; n++) {
      const sender = n % 2 === 0 ? "user" : "ai";
      const text =
        sender === "user" ? `Pergunta ${n / 2 + 1}: o que é ${assets[below(assets.length)]!.id}?` : `Resposta ${n}: um ativo do mercado.`;
      messageRows.push({ sessionId: id, sender, text, createdAt: new Date(createdAt + n * 60_000) });
    }
  };
  measuredSizes.forEach((size, index) => {
    const conversations = size > 100 ? 20 : 1;
    for (let n = 0; n < conversations; n++) conversation(measuredIds[index]!, Math.min(size, 100));
  });
  for (let n = 0; messageRows.length + 10 <= totals.chatMessages && ordinaryIds.length > 0; n++) {
    conversation(ordinaryIds[n % ordinaryIds.length]!, 10);
  }
  await insertAll("chat sessions", chatSessions, sessionRows);
  await insertAll("chat messages", chatMessages, messageRows);

  const feedbackTypes = ["bug", "suggestion", "idea", "other"] as const;
  const feedbackRows = Array.from({ length: totals.feedback }, (_, n) => {
    const userId = ordinaryIds[below(ordinaryIds.length)] ?? measuredIds[0]!;
    return {
      userId,
      title: `Relato ${n + 1}`,
      description: "O gráfico demora a carregar no celular quando a conexão está lenta.",
      type: feedbackTypes[n % feedbackTypes.length]!,
      createdAt: someTimeBefore(end, createdAtOf.get(userId)),
    };
  });
  await insertAll("feedback", feedback, feedbackRows);

  // PostgreSQL's autovacuum would have gathered statistics on tables this size; SQLite keeps none
  // unless asked, and the app never asks.
  if (db.dialect === "postgres") await db.rows(sql`analyze`);
  if (db.dialect === "sqlite") {
    writeFileSync(
      path.join(path.dirname(config.databasePath), "scale-data.json"),
      `${JSON.stringify({ generatorVersion, scale, totals }, null, 2)}\n`,
    );
  }
  log(
    `done: ${userIds.length.toLocaleString("en-US")} users, ${favoriteIds.length.toLocaleString("en-US")} favourites, ` +
      `${tableIds.length.toLocaleString("en-US")} record tables (${itemRows.length.toLocaleString("en-US")} items), ` +
      `${messageRows.length.toLocaleString("en-US")} chat messages in ${sessionRows.length.toLocaleString("en-US")} conversations, ` +
      `${feedbackRows.length.toLocaleString("en-US")} feedback reports; every password is ${scalePassword}`,
  );
} finally {
  await bulk?.close();
  await db.close();
}
