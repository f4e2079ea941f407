/**
 * `npm run db:backup` copies the live database while the server writes to it. Here a writer in
 * another process commits rows one at a time and reports each once committed; a backup taken
 * meanwhile, restored as a server's database, must hold every row reported before the backup
 * started and pass SQLite's integrity check. With PostgreSQL, pg_dump's archive restores with
 * pg_restore.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { backupDatabase } from "~/platform/backup.server";
import { openDatabase, openSqlite } from "~/platform/database.server";

import {
  createScratchDatabase,
  postgresBinDir,
  postgresForTest,
  type PostgresServer,
  testDatabaseServer,
} from "../support/postgres-server";

const writer = `
const Database = require("better-sqlite3");
const db = new Database(process.env.PROBE_DATABASE);
db.pragma("busy_timeout = 5000");
const insert = db.prepare("insert into backup_probe (payload, written_at) values (?, ?)");
const payload = "w".repeat(1000);
(function write() {
  const { lastInsertRowid } = insert.run(payload, Date.now());
  process.stdout.write(lastInsertRowid + "\\n");
  setImmediate(write);
})();
`;

const temporary = () => mkdtempSync(path.join(tmpdir(), "ma-backup-"));
const appDir = process.cwd();
/** A migrated SQLite database file, opened with better-sqlite3 itself: the backup is SQLite's own business. */
async function sqliteFile(file: string) {
  await openSqlite(file, appDir).close();
  return new Database(file);
}
let stopWriter = async () => {};

afterEach(() => stopWriter());

describe("database backup", () => {
  it("copies every acknowledged write while another process keeps writing, and the copy restores", async () => {
    const file = path.join(temporary(), "app.db");
    const live = await sqliteFile(file);
    live.exec("create table backup_probe (id integer primary key, payload text not null, written_at integer not null)");
    // Enough data (about 10 MB) for the copy to take a while, so that writes land during it.
    const fill = live.prepare("insert into backup_probe (payload, written_at) values (?, 0)");
    live.transaction(() => {
      for (let row = 0; row < 10_000; row++) fill.run("f".repeat(1000));
    })();

    const child = spawn(process.execPath, ["-e", writer], {
      env: { ...process.env, PROBE_DATABASE: file },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    stopWriter = async () => {
      child.kill();
      await exited;
    };
    let acknowledged = 0;
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) acknowledged = Math.max(acknowledged, Number(line));
    });
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(10_100), { timeout: 10_000 });

    const acknowledgedBefore = acknowledged;
    const started = Date.now();
    const copy = path.join(temporary(), "backup.db");
    await backupDatabase({ databasePath: file }, copy);
    const ended = Date.now();
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(acknowledgedBefore + 100), { timeout: 10_000 });
    await stopWriter();

    // The premise: the writer was committing while the copy was made.
    const writtenDuring = live.prepare("select count(*) from backup_probe where written_at between ? and ?").pluck();
    expect(writtenDuring.get(started, ended)).toBeGreaterThan(0);
    live.close();

    // Restored as README says: the copy becomes the database file of a server, with no -wal or -shm beside it.
    expect((statSync(copy).mode & 0o777).toString(8)).toBe("600");
    const restoredFile = path.join(temporary(), "app.db");
    copyFileSync(copy, restoredFile);
    const restored = await sqliteFile(restoredFile);
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const kept = restored.prepare("select count(*) from backup_probe where id <= ?").pluck();
    expect(kept.get(acknowledgedBefore)).toBe(acknowledgedBefore);
    restored.close();
  });

  it("refuses to copy the database onto itself", async () => {
    const file = path.join(temporary(), "app.db");
    (await sqliteFile(file)).close();
    await expect(backupDatabase({ databasePath: file }, file)).rejects.toThrow(/is the database itself/);
  });
});

describe.skipIf(!testDatabaseServer && !postgresBinDir())("PostgreSQL database backup", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await postgresForTest();
  }, 60_000);
  afterAll(() => server?.stop());

  it("is pg_dump's archive, private to its owner, and pg_restore brings every row back", async () => {
    const databaseUrl = await createScratchDatabase(server.url);
    const live = await openDatabase({ databaseUrl, databasePath: "", appDir });
    const { users } = live.tables;
    await live.orm.insert(users).values({ email: "ana@example.com", name: "Ana", nickname: "ana" });
    await live.close();

    const copy = path.join(temporary(), "backup.dump");
    await backupDatabase({ databaseUrl, databasePath: "" }, copy, process.env);
    expect((statSync(copy).mode & 0o777).toString(8)).toBe("600");

    const restoredUrl = await createScratchDatabase(server.url);
    const restore = spawnSync("pg_restore", ["--no-owner", `--dbname=${restoredUrl}`, copy], { encoding: "utf8" });
    expect(restore.stderr).toBe("");
    const restored = await openDatabase({ databaseUrl: restoredUrl, databasePath: "", appDir });
    const [ana] = await restored.orm.select().from(restored.tables.users).where(eq(restored.tables.users.email, "ana@example.com"));
    expect(ana).toMatchObject({ name: "Ana", nickname: "ana" });
    expect(await restored.orm.select().from(restored.tables.releaseNotes)).toHaveLength(4);
    await restored.close();
  });

  it("says what went wrong when pg_dump cannot reach the database", async () => {
    const missing = new URL(server.url);
    missing.pathname = "/no_such_database";
    await expect(
      backupDatabase({ databaseUrl: missing.toString(), databasePath: "" }, path.join(temporary(), "x.dump"), process.env),
    ).rejects.toThrow(/pg_dump failed: .*no_such_database/);
  });
});
