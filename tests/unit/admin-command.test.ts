import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { missingAdministratorNotice } from "~/account/admins.server";
import { createUser, findUserByEmail } from "~/account/users.server";
import type { Services } from "~/services.server";

import { adminCommand } from "../support/admin-command";
import { createTestServices } from "../support/services";

/** The variables that name a server's database, as its operator would pass them to the command. */
function databaseVariables({ platform: { config } }: Services, variables: Record<string, string>) {
  return config.databaseUrl ? { ...variables, DATABASE_URL: config.databaseUrl } : variables;
}

describe("npm run admin", () => {
  it("grants, lists and revokes administrators on the server's database while it is open", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ma-admin-command-"));
    // The server's own connection stays open meanwhile, as a running instance's would.
    const services = await createTestServices({ environment: { DATA_DIR: dataDir } });
    const { db } = services.platform;
    await createUser(db, { email: "operator@example.com", name: "Operadora", nickname: "operadora", passwordHash: "x" });
    const env = databaseVariables(services, { DATA_DIR: dataDir });

    expect(await adminCommand(env, "list")).toEqual({ code: 0, output: "No administrators yet." });
    expect(await adminCommand(env, "grant", "Operator@Example.com")).toEqual({
      code: 0,
      output: "operator@example.com is now an administrator.",
    });
    expect((await findUserByEmail(db, "operator@example.com"))?.userType).toBe("admin");
    expect(await adminCommand(env, "list")).toEqual({ code: 0, output: "operator@example.com  operadora  (email)" });

    expect(await adminCommand(env, "revoke", "operator@example.com")).toEqual({
      code: 0,
      output: "operator@example.com is no longer an administrator.",
    });
    expect((await findUserByEmail(db, "operator@example.com"))?.userType).toBe("user");
    await services.close();
  });

  it("uses DATABASE_PATH like the server, and says what is wrong", { timeout: 60_000 }, async () => {
    const databasePath = path.join(mkdtempSync(path.join(tmpdir(), "ma-admin-command-")), "elsewhere.db");
    const services = await createTestServices({ environment: { DATABASE_PATH: databasePath } });
    const { db } = services.platform;
    await createUser(db, { email: "ana@example.com", name: "Ana", nickname: "ana" });
    const env = databaseVariables(services, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ma-admin-unused-")),
      DATABASE_PATH: databasePath,
    });

    expect((await adminCommand(env, "grant", "ana@example.com")).code).toBe(0);
    expect((await findUserByEmail(db, "ana@example.com"))?.userType).toBe("admin");
    expect(await adminCommand(env, "grant", "nobody@example.com")).toEqual({
      code: 1,
      output: "No account has the address nobody@example.com: register it (or sign in with it) first, then run this again.",
    });
    expect(await adminCommand(env, "promote", "ana@example.com")).toEqual({
      code: 1,
      output: "Usage: npm run admin -- grant <email> | revoke <email> | list",
    });
    expect(await adminCommand({ ...env, SESSION_SECRET: "short" }, "list")).toMatchObject({
      code: 1,
      output: expect.stringContaining("SESSION_SECRET: must be at least 32 characters long"),
    });
    await services.close();
  });
});

describe("the start-up notice", () => {
  it("says how to name an administrator until there is one", async () => {
    const services = await createTestServices();
    const { db } = services.platform;
    const user = await createUser(db, { email: "first@example.com", name: "Primeira", nickname: "primeira" });
    expect(user.userType).toBe("user");
    expect(await missingAdministratorNotice(db)).toBe(
      "No administrator yet: register an account, then run `npm run admin -- grant <its email>` (or list a GitHub or Google address in ADMIN_EMAILS).",
    );
    await createUser(db, { email: "boss@example.com", name: "Chefe", nickname: "chefe", userType: "admin" });
    expect(await missingAdministratorNotice(db)).toBeNull();
    await services.close();
  });
});
