import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

/**
 * Administrators are named by the operator, with `npm run admin -- grant <email>` on the server's
 * database (scripts/admin.ts), or by ADMIN_EMAILS for an address a provider has verified (an
 * OAuth sign-in). Neither registering first nor registering an address makes one: on a public
 * instance either would let a stranger take the administration.
 */
export function setAdministrator(db: AppDatabase, userId: number, administrator: boolean): User | undefined {
  return db
    .update(users)
    .set({ userType: administrator ? "admin" : "user" })
    .where(eq(users.id, userId))
    .returning()
    .get();
}

export function listAdministrators(db: AppDatabase) {
  return db
    .select({ email: users.email, nickname: users.nickname, loginMethod: users.loginMethod })
    .from(users)
    .where(eq(users.userType, "admin"))
    .orderBy(users.id)
    .all();
}

/** The line the server prints at start while nobody can reach the administration. */
export function missingAdministratorNotice(db: AppDatabase): string | null {
  const anyAdministrator = db.select({ id: users.id }).from(users).where(eq(users.userType, "admin")).limit(1).get();
  if (anyAdministrator) return null;
  return "No administrator yet: register an account, then run `npm run admin -- grant <its email>` (or list a GitHub or Google address in ADMIN_EMAILS).";
}
