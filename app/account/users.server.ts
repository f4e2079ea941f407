import { eq, sql } from "drizzle-orm";
import { users, type NewUser, type User } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

/** What pages may know about the signed-in user: never the password hash or the TOTP secret. */
export type SessionUser = Pick<
  User,
  "id" | "email" | "name" | "nickname" | "loginMethod" | "theme" | "userType" | "twoFactorEnabled" | "createdAt"
>;

export function toSessionUser(user: User): SessionUser {
  const { id, email, name, nickname, loginMethod, theme, userType, twoFactorEnabled, createdAt } = user;
  return { id, email, name, nickname, loginMethod, theme, userType, twoFactorEnabled, createdAt };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findUserById(db: AppDatabase, id: number) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function findUserByEmail(db: AppDatabase, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .get();
}

export function findUserByNickname(db: AppDatabase, nickname: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.nickname}) = ${nickname.trim().toLowerCase()}`)
    .get();
}

/**
 * An address alone never makes an administrator: nobody has verified a password account's
 * address. Administrators are named as admins.server.ts explains.
 */
export function createUser(db: AppDatabase, values: NewUser): User {
  return db
    .insert(users)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning()
    .get();
}
