/** Each migration applied at start (or by `npm run db:migrate`) is one line for the operator; none when there is nothing to apply. */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { openDatabase } from "~/platform/database.server";
import { memoryLogger } from "~/platform/logger.server";

import { createScratchDatabase, testDatabaseServer } from "../support/postgres-server";

const appDir = process.cwd();

describe("migration log", () => {
  it("names every migration applied to a new database, and none on the next start", async () => {
    const databaseUrl = testDatabaseServer ? await createScratchDatabase(testDatabaseServer) : undefined;
    const config = { databaseUrl, databasePath: path.join(mkdtempSync(path.join(tmpdir(), "ma-migrations-")), "app.db"), appDir };
    const folder = path.join(appDir, databaseUrl ? "db/migrations-pg" : "db/migrations");
    const migrations = readdirSync(folder)
      .filter((file) => file.endsWith(".sql"))
      .map((file) => `database migration applied: ${file.replace(/\.sql$/, "")}`);

    const first = memoryLogger();
    await (await openDatabase(config, first)).close();
    expect(first.lines).toEqual(migrations.map((message) => ({ level: "info", message })));

    const again = memoryLogger();
    await (await openDatabase(config, again)).close();
    expect(again.lines).toEqual([]);
  });
});
