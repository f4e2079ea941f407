import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { openDatabase } from "~/platform/db.server";
import { ensureSessionSecret } from "~/platform/env.server";

describe("database", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-")), "nested", "app.db");

  it("creates the file, runs migrations and turns on WAL and foreign keys", () => {
    const db = openDatabase(file);
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const columns = db.$client.prepare("select name from pragma_table_info('users')").pluck().all();
    expect(columns).toEqual([
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
    db.insert(users).values({ email: "ana@example.com", name: "Ana", nickname: "ana" }).run();
    db.$client.close();
  });

  it("applies migrations idempotently and keeps stored rows", () => {
    const db = openDatabase(file);
    const stored = db.select().from(users).where(eq(users.email, "ana@example.com")).get();
    expect(stored).toMatchObject({ name: "Ana", loginMethod: "email", theme: "dark", userType: "user" });
    expect(stored?.twoFactorEnabled).toBe(false);
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(() => db.insert(users).values({ email: "ana@example.com", name: "Other", nickname: "other" }).run()).toThrow(/UNIQUE/);
    db.$client.close();
  });
});

describe("data files", () => {
  const permissions = (file: string) => (statSync(file).mode & 0o777).toString(8);

  it("are the server's alone (directory 0700, files 0600) even under a umask that allows everything", () => {
    const previous = process.umask(0);
    try {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-private-")), "data");
      const file = path.join(dataDir, "app.db");
      const db = openDatabase(file);
      db.insert(users).values({ email: "ana@example.com", name: "Ana", nickname: "ana" }).run();
      ensureSessionSecret(dataDir);
      expect(permissions(dataDir)).toBe("700");
      for (const own of [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, "session-secret")]) {
        expect(permissions(own), own).toBe("600");
      }
      db.$client.close();
    } finally {
      process.umask(previous);
    }
  });

  it("takes other users' access away from a database an earlier version left readable", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ma-db-private-")), "app.db");
    writeFileSync(file, "", { mode: 0o644 });
    openDatabase(file).$client.close();
    expect(permissions(file)).toBe("600");
  });
});
