import { eq } from "drizzle-orm";

import type { AppDatabase } from "~/platform/database.server";

import type { User } from "../../db/schema";

/**
 * Administrators are named by the operator, with `npm run admin -- grant <email>` on the server's
 * database (scripts/commands/admin.ts), or by ADMIN_EMAILS for an address a provider has verified (an
 * OAuth sign-in). Neither registering first nor registering an address makes one: on a public
 * instance either would let a stranger take the administration.
 */
export async function setAdministrator(db: AppDatabase, userId: number, administrator: boolean): Promise<User | undefined> {
  const { users } = db.tables;
  const [user] = await db.orm
    .update(users)
    .set({ userType: administrator ? "admin" : "user" })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

export async function listAdministrators(db: AppDatabase) {
  const { users } = db.tables;
  return db.orm
    .select({ email: users.email, nickname: users.nickname, loginMethod: users.loginMethod })
    .from(users)
    .where(eq(users.userType, "admin"))
    .orderBy(users.id);
}

/** The line the server prints at start while nobody can reach the administration. */
export async function missingAdministratorNotice(db: AppDatabase): Promise<string | null> {
  const { users } = db.tables;
  const [anyAdministrator] = await db.orm.select({ id: users.id }).from(users).where(eq(users.userType, "admin")).limit(1);
  if (anyAdministrator) return null;
  return "No administrator yet: register an account, then run `npm run admin -- grant <its email>` (or list a GitHub or Google address in ADMIN_EMAILS).";
}
