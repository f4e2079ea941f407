/**
 * Issue 37: an acknowledged SQLite write survives what a process crash does not cover. The
 * database lives on a small ext4 filesystem of its own (a loop device) that the test then turns
 * read-only the way the kernel does on an I/O error: pages not yet synced to the disk are lost,
 * exactly as in a power cut. Needs root (mount); skipped elsewhere and in the PostgreSQL pass.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { openSqlite } from "~/platform/database.server";

import { canMount, scratchFilesystem } from "../support/scratch-filesystem";

const appDir = process.cwd();
const rowsWritten = 50;

async function writeAcknowledged(db: ReturnType<typeof openSqlite>, prefix: string) {
  for (let index = 0; index < rowsWritten; index++) {
    await db.orm.insert(db.tables.marketCache).values({ key: `${prefix}${index}`, value: "{}", fetchedAt: index });
  }
}

const countRows = (db: ReturnType<typeof openSqlite>, prefix: string) =>
  db.rows<{ count: number }>(sql`select count(*) as count from market_cache where key like ${`${prefix}%`}`).then(([row]) => row?.count);

describe.skipIf(!canMount() || process.env.TEST_DATABASE_URL)("SQLite durability", () => {
  let filesystem: ReturnType<typeof scratchFilesystem> | undefined;
  afterEach(() => filesystem?.unmount());

  /** Writes, fails the filesystem without closing the database, then counts what a restart finds. */
  async function survivors(setUp: (db: ReturnType<typeof openSqlite>) => void) {
    filesystem = scratchFilesystem();
    const db = openSqlite(filesystem.file, appDir);
    setUp(db);
    await writeAcknowledged(db, "acknowledged:");
    filesystem.fail();
    // Closing cannot write anything more now (the checkpoint fails); it only lets the filesystem go.
    await db.close().catch(() => {});
    filesystem.remount();
    const reopened = openSqlite(filesystem.file, appDir);
    const count = await countRows(reopened, "acknowledged:");
    await reopened.close();
    return count;
  }

  it("keeps every acknowledged write when the filesystem fails under it", async () => {
    expect(await survivors(() => {})).toBe(rowsWritten);
  });

  it("loses them with NORMAL, the setting it replaced: the failure this test makes is real", async () => {
    expect(await survivors((db) => db.sqlite.pragma("synchronous = NORMAL"))).toBeLessThan(rowsWritten);
  });
});
