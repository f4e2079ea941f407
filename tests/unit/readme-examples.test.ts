/**
 * The README's database examples run as written: the shell blocks of "PostgreSQL" and "Backups"
 * are read from README.md and run line by line, on this machine's paths (temporary directories
 * for /var/lib/market-analytics and /var/backups/market-analytics, a throwaway PostgreSQL server
 * for localhost:5432). Only what a test cannot do is left out: `sudo`, `systemctl` (no server runs
 * here) and the ownership an installed service would have.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";

import { postgresBinDir, startPostgresServer } from "../support/postgres-server";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** The lines of the `sh` blocks of the README section titled `title`. */
function shellLines(title: string): string[][] {
  const section = readme.split(/^## /m).find((part) => part.startsWith(`${title}\n`));
  if (!section) throw new Error(`README.md has no section "${title}"`);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) => block!.trim().split("\n"));
}

/** A README line as this machine runs it, or undefined for what a test leaves out. */
function onThisMachine(line: string, replacements: Record<string, string>): string | undefined {
  if (/^(sudo )?systemctl /.test(line)) return undefined;
  let command = line.replace(/^sudo (-u \S+ )?/, "").replace(" -o market-analytics -g market-analytics", "");
  for (const [from, to] of Object.entries(replacements)) command = command.replaceAll(from, to);
  return command;
}

/** Runs one line in a shell from the app's directory, as an operator would type it there. */
function run(command: string, env: Record<string, string> = {}) {
  return execFileSync("sh", ["-c", command], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    encoding: "utf8",
    stdio: "pipe",
  });
}

const temporary = () => mkdtempSync(path.join(tmpdir(), "ma-readme-"));
const datedBackup = /^app-\d{4}-\d{2}-\d{2}\.db$/;

describe("README examples", () => {
  it("Backups, SQLite: the backup into a folder that does not exist yet, then the restore", { timeout: 60_000 }, () => {
    const dataDir = temporary();
    const backups = path.join(temporary(), "backups/market-analytics");
    const env = { DATA_DIR: dataDir };
    run("npm run --silent db:migrate", env);
    const database = path.join(dataDir, "app.db");
    const write = (statement: string) => {
      const db = new Database(database);
      db.exec(statement);
      db.close();
    };
    write("create table readme_probe (note text); insert into readme_probe values ('before the backup')");

    const [[backupLine] = [], restoreLines = []] = shellLines("Backups");
    run(onThisMachine(backupLine!, { "/var/backups/market-analytics": backups })!, env);
    const [copy, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(copy).toMatch(datedBackup);

    write("insert into readme_probe values ('after the backup')");
    writeFileSync(`${database}-wal`, "the replaced database's write-ahead log");
    for (const line of restoreLines) {
      const command = onThisMachine(line, { "/var/lib/market-analytics": dataDir, FILE: path.join(backups, copy!) });
      if (command) run(command);
    }
    expect(existsSync(`${database}-wal`)).toBe(false);
    const restored = new Database(database, { readonly: true });
    expect(restored.prepare("select note from readme_probe").pluck().all()).toEqual(["before the backup"]);
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    restored.close();
  });

  it.skipIf(!postgresBinDir())(
    "PostgreSQL and Backups: set up, migrate, back up, create the target database and restore",
    { timeout: 120_000 },
    async () => {
      const server = await startPostgresServer();
      try {
        const { host, hostname, port } = new URL(server.url);
        // The `sudo -u postgres` commands reach the server as its superuser, as they would over its socket.
        const superuser = { PGHOST: hostname, PGPORT: port, PGUSER: "postgres" };
        const replacements = {
          "localhost:5432": host,
          PASSWORD: "secret",
          // createuser would ask for the password on a terminal; the test server trusts local connections.
          " --pwprompt": "",
          "npm start": "npm run --silent db:migrate",
        };
        const [setup] = shellLines("PostgreSQL");
        for (const line of setup!) run(onThisMachine(line, replacements)!, superuser);
        const appUrl = `postgres://market_analytics:secret@${host}/market_analytics`;
        const tables = async (url: string) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const { rows } = await client.query("select tablename from pg_tables where schemaname = 'public' order by 1");
            return rows.map(({ tablename }) => String(tablename));
          } finally {
            await client.end();
          }
        };
        const migrated = await tables(appUrl);
        expect(migrated).toContain("users");

        const backups = path.join(temporary(), "backups/market-analytics");
        const [[backupLine] = [], , restoreLines = []] = shellLines("Backups");
        run(onThisMachine(backupLine!, { "/var/backups/market-analytics": backups })!, { DATABASE_URL: appUrl });
        const [copy] = readdirSync(backups);
        expect(copy).toMatch(datedBackup);
        for (const line of restoreLines) {
          run(onThisMachine(line, { ...replacements, FILE: path.join(backups, copy!) })!, superuser);
        }
        expect(await tables(`postgres://market_analytics:secret@${host}/market_analytics_restored`)).toEqual(migrated);
      } finally {
        await server.stop();
      }
    },
  );
});
