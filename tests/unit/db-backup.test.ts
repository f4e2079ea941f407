/**
 * `npm run db:backup` copies the live database while the server writes to it. Here a writer in
 * another process commits rows one at a time and reports each once committed; a backup taken
 * meanwhile, restored as a server's database, must hold every row reported before the backup
 * started and pass SQLite's integrity check.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backupDatabase, openDatabase } from "~/platform/db.server";

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
let stopWriter = async () => {};

afterEach(() => stopWriter());

describe("database backup", () => {
  it("copies every acknowledged write while another process keeps writing, and the copy restores", async () => {
    const file = path.join(temporary(), "app.db");
    const live = openDatabase(file);
    live.$client.exec("create table backup_probe (id integer primary key, payload text not null, written_at integer not null)");
    // Enough data (about 10 MB) for the copy to take a while, so that writes land during it.
    const fill = live.$client.prepare("insert into backup_probe (payload, written_at) values (?, 0)");
    live.$client.transaction(() => {
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
    await backupDatabase(file, copy);
    const ended = Date.now();
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(acknowledgedBefore + 100), { timeout: 10_000 });
    await stopWriter();

    // The premise: the writer was committing while the copy was made.
    const writtenDuring = live.$client.prepare("select count(*) from backup_probe where written_at between ? and ?").pluck();
    expect(writtenDuring.get(started, ended)).toBeGreaterThan(0);
    live.$client.close();

    // Restored as README says: the copy becomes the database file of a server, with no -wal or -shm beside it.
    expect((statSync(copy).mode & 0o777).toString(8)).toBe("600");
    const restoredFile = path.join(temporary(), "app.db");
    copyFileSync(copy, restoredFile);
    const restored = openDatabase(restoredFile).$client;
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const kept = restored.prepare("select count(*) from backup_probe where id <= ?").pluck();
    expect(kept.get(acknowledgedBefore)).toBe(acknowledgedBefore);
    restored.close();
  });

  it("refuses to copy the database onto itself", async () => {
    const file = path.join(temporary(), "app.db");
    openDatabase(file).$client.close();
    await expect(backupDatabase(file, file)).rejects.toThrow(/is the database itself/);
  });
});
