import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, openDatabase, openSqlite } from "~/platform/database.server";
import { ensureSessionSecret } from "~/platform/env.server";
import { createLifecycle } from "~/platform/lifecycle.server";
import { memoryLogger } from "~/platform/logger.server";
import { openPostgres } from "~/platform/postgres.server";
import { readiness } from "~/platform/readiness.server";

import { freePort } from "../support/app-server";
import {
  createScratchDatabase,
  postgresBinDir,
  postgresForTest,
  type PostgresServer,
  testDatabaseServer,
} from "../support/postgres-server";

/**
 * A TCP relay in front of PostgreSQL on `port`, started when asked: before that the port refuses
 * connections (a database that is down). `freeze` stops relaying without closing anything, as a
 * database stopped with SIGSTOP or a network that drops packets would.
 */
function relayTo(target: string, port: number) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets: Socket[] = [];
  let server: Server | undefined;
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((socket) => {
          const upstream = connect(Number(targetPort), hostname);
          sockets.push(socket, upstream);
          socket.pipe(upstream).pipe(socket);
          socket.on("error", () => upstream.destroy());
          upstream.on("error", () => socket.destroy());
        }).listen(port, "127.0.0.1", resolve);
      }),
    freeze: () => sockets.forEach((socket) => (socket.unpipe(), socket.pause())),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      server?.close();
    },
  };
}

const appDir = process.cwd();

describe("database", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-")), "nested", "app.db");

  it("creates the file, runs migrations and turns on WAL and foreign keys", async () => {
    const db = openSqlite(file, appDir);
    expect(await db.rows(sql`pragma journal_mode`)).toEqual([{ journal_mode: "wal" }]);
    expect(await db.rows(sql`pragma foreign_keys`)).toEqual([{ foreign_keys: 1 }]);
    const columns = await db.rows<{ name: string }>(sql`select name from pragma_table_info('users')`);
    expect(columns.map((column) => column.name)).toEqual([
      "id",
      "email",
      "name",
      "nickname",
      "password_hash",
      "login_method",
      "theme",
      "two_factor_enabled",
      "twofa_token",
      "user_type",
      "created_at",
      "twofa_last_step",
      "github_id",
      "google_id",
    ]);
    const { users } = db.tables;
    await db.orm.insert(users).values({ email: "ana@example.com", name: "Ana", nickname: "ana" });
    await db.close();
  });

  it("applies migrations idempotently and keeps stored rows", async () => {
    const db = openSqlite(file, appDir);
    const { users } = db.tables;
    const [stored] = await db.orm.select().from(users).where(eq(users.email, "ana@example.com"));
    expect(stored).toMatchObject({ name: "Ana", loginMethod: "email", theme: "dark", userType: "user" });
    expect(stored?.twoFactorEnabled).toBe(false);
    expect(stored?.createdAt).toBeInstanceOf(Date);
    await expect(db.orm.insert(users).values({ email: "ana@example.com", name: "Other", nickname: "other" })).rejects.toThrow(/UNIQUE/);
    await db.close();
  });

  it("compiles each query once, and reads rows as objects after a read of the same query as arrays", async () => {
    const db = openSqlite(file, appDir);
    const { users } = db.tables;
    const query = "select name from users where email = ?";
    const first = db.sqlite.prepare(query);
    expect(db.sqlite.prepare(query)).toBe(first);
    expect(first.raw().get("ana@example.com")).toEqual(["Ana"]);
    expect(db.sqlite.prepare(query).get("ana@example.com")).toEqual({ name: "Ana" });
    // Through Drizzle, which switches its statements to arrays for selected fields.
    const byEmail = () => db.orm.select({ name: users.name }).from(users).where(eq(users.email, "ana@example.com"));
    expect(await byEmail()).toEqual([{ name: "Ana" }]);
    expect(await byEmail()).toEqual([{ name: "Ana" }]);
    expect(await db.rows(sql`select name from users where email = ${"ana@example.com"}`)).toEqual([{ name: "Ana" }]);
    await db.close();
  });
});

describe("data files", () => {
  const permissions = (file: string) => (statSync(file).mode & 0o777).toString(8);

  it("are the server's alone (directory 0700, files 0600) even under a umask that allows everything", async () => {
    const previous = process.umask(0);
    try {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-private-")), "data");
      const file = path.join(dataDir, "app.db");
      const db = openSqlite(file, appDir);
      await db.orm.insert(db.tables.users).values({ email: "ana@example.com", name: "Ana", nickname: "ana" });
      ensureSessionSecret(dataDir);
      expect(permissions(dataDir)).toBe("700");
      for (const own of [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, "session-secret")]) {
        expect(permissions(own), own).toBe("600");
      }
      await db.close();
    } finally {
      process.umask(previous);
    }
  });

  it("takes other users' access away from a database an earlier version left readable", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-private-")), "app.db");
    writeFileSync(file, "", { mode: 0o644 });
    await openSqlite(file, appDir).close();
    expect(permissions(file)).toBe("600");
  });
});

describe.skipIf(!testDatabaseServer && !postgresBinDir())("PostgreSQL", () => {
  let server: PostgresServer;
  const opened: AppDatabase[] = [];
  const open = async (url?: string) => {
    const db = await openDatabase({ databaseUrl: url ?? (await createScratchDatabase(server.url)), databasePath: "", appDir });
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    server = await postgresForTest();
  }, 60_000);
  afterAll(async () => {
    for (const db of opened) await db.close();
    await server?.stop();
  });

  it("migrates a new database and stores and reads rows with the types SQLite gives", async () => {
    const db = await open();
    expect(db.dialect).toBe("postgres");
    const { users, releaseNotes } = db.tables;
    const [created] = await db.orm
      .insert(users)
      .values({ email: "ana@example.com", name: "Ana", nickname: "ana" })
      .returning({ id: users.id, createdAt: users.createdAt });
    expect(created?.id).toBe(1);
    expect(created!.createdAt.getTime() % 1000).toBe(0);
    const [stored] = await db.orm.select().from(users).where(eq(users.email, "ana@example.com"));
    expect(stored).toMatchObject({ name: "Ana", loginMethod: "email", theme: "dark", userType: "user", twoFactorEnabled: false });
    expect(stored?.createdAt).toBeInstanceOf(Date);
    const duplicate = db.orm.insert(users).values({ email: "ana@example.com", name: "Other", nickname: "other" });
    await expect(duplicate).rejects.toMatchObject({ cause: { code: "23505", constraint: "users_email_unique" } });
    // The blog's first notes come with the schema, as on SQLite.
    const notes = await db.orm.select({ publishedAt: releaseNotes.publishedAt }).from(releaseNotes);
    expect(notes).toHaveLength(4);
    expect(notes[0]?.publishedAt).toEqual(new Date("2026-03-02T13:00:00.000Z"));
    // Counts and sums are numbers, as SQLite returns them.
    expect(await db.rows(sql`select count(*) as n, sum(${users.id}) as total from ${users}`)).toEqual([{ n: 1, total: 1 }]);
  });

  it("keeps seconds-precise times whole seconds and millisecond times to the millisecond", async () => {
    const db = await open();
    const { users, sessionFamilies, chatSessions } = db.tables;
    const [user] = await db.orm
      .insert(users)
      .values({ email: "bia@example.com", name: "Bia", nickname: "bia" })
      .returning({ id: users.id });
    const at = new Date("2026-11-25T12:34:56.789Z");
    await db.orm.insert(sessionFamilies).values({ id: "family", userId: user!.id, createdAt: at });
    await db.orm.insert(chatSessions).values({ id: "chat", userId: user!.id, createdAt: at, updatedAt: at });
    const [family] = await db.orm.select().from(sessionFamilies);
    const [chat] = await db.orm.select().from(chatSessions);
    expect(family?.createdAt).toEqual(new Date("2026-11-25T12:34:56.000Z"));
    expect(chat?.createdAt).toEqual(at);
  });

  it("stores all of a transaction or none of it, and a nested transaction joins the outer one", async () => {
    const db = await open();
    const { users } = db.tables;
    const insert = (tx: AppDatabase, nickname: string) =>
      tx.orm.insert(tx.tables.users).values({ email: `${nickname}@example.com`, name: nickname, nickname });
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, "first");
        await tx.transaction(async (inner) => insert(inner, "second"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.orm.select().from(users)).toEqual([]);

    const nicknames = await db.transaction(async (tx) => {
      await insert(tx, "third");
      await tx.transaction(async (inner) => insert(inner, "fourth"));
      return tx.rows<{ nickname: string }>(sql`select nickname from users order by nickname`);
    });
    expect(nicknames).toEqual([{ nickname: "fourth" }, { nickname: "third" }]);
    expect(await db.orm.select({ nickname: users.nickname }).from(users)).toHaveLength(2);
  });

  it("migrates once when several instances start on one new database at the same time", async () => {
    const url = await createScratchDatabase(server.url);
    const instance = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../support/open-postgres.ts"), url], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`instance failed (${code}): ${output}`))));
      });
    await Promise.all([instance(), instance(), instance()]);
    const db = await open(url);
    const journal = JSON.parse(readFileSync(path.join(appDir, "db/migrations-pg/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await db.rows<{ n: number }>(sql`select count(*) as n from drizzle.__drizzle_migrations`);
    expect(applied).toEqual([{ n: journal.entries.length }]);
    expect(await db.rows(sql`select count(*) as n from release_notes`)).toEqual([{ n: 4 }]);
  }, 60_000);

  it("waits at start for a PostgreSQL that is down, saying so once, then serves", async () => {
    const relay = relayTo(await createScratchDatabase(server.url), await freePort());
    const logger = memoryLogger();
    const opening = openPostgres(relay.url, appDir, { logger, firstRetryDelayMs: 100 });
    await expect.poll(() => logger.lines.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await relay.start();
    const db = await opening;
    opened.push(db);
    expect(await db.rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    const messages = logger.lines.map((line) => line.message);
    expect(messages.filter((message) => /unreachable/.test(message))).toHaveLength(1);
    expect(messages.some((message) => /reachable: starting/.test(message))).toBe(true);
    relay.close();
  });

  it("gives up on a query a frozen database never answers, instead of hanging the request", async () => {
    const relay = relayTo(await createScratchDatabase(server.url), await freePort());
    await relay.start();
    const db = await openPostgres(relay.url, appDir, { timeouts: { connectMs: 1000, queryMs: 500 } });
    opened.push(db);
    expect(await db.rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    relay.freeze();
    const started = Date.now();
    // Drizzle wraps the driver's error: its cause is node-postgres' "Query read timeout".
    await expect(db.rows(sql`select 2`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/timeout/i) } });
    expect(Date.now() - started).toBeLessThan(3000);
    relay.close();
  });

  it("logs a connection the server drops instead of crashing, and the next query reconnects", async () => {
    const url = await createScratchDatabase(server.url);
    const logger = memoryLogger();
    const db = await openPostgres(url, appDir, { logger });
    opened.push(db);
    await db.rows(sql`select 1`);
    const admin = await open(url);
    await admin.rows(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await expect.poll(() => logger.lines.map((line) => line.message).join("\n")).toMatch(/PostgreSQL is unavailable \(connection lost/);
    expect(await db.rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    // Each dropped connection reports the loss: said once, and its return once.
    const messages = logger.lines.map((line) => line.message);
    expect(messages.filter((message) => message.startsWith("PostgreSQL is unavailable"))).toHaveLength(1);
    expect(messages.filter((message) => message.startsWith("PostgreSQL is back"))).toHaveLength(1);
  });

  it("shows its pool to the metrics, and readiness fails once it is closed", async () => {
    const db = await open();
    await Promise.all([db.rows(sql`select pg_sleep(0.05)`), db.rows(sql`select pg_sleep(0.05)`)]);
    expect(db.pool?.()).toEqual({ total: 2, idle: 2, waiting: 0 });
    expect(await readiness({ db, lifecycle: createLifecycle() })).toEqual({ ready: true });
    await db.close();
    expect(await readiness({ db, lifecycle: createLifecycle() })).toEqual({ ready: false, reason: "database-unreachable" });
  });
});
