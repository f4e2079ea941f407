import { eq, sql } from "drizzle-orm";

import type { AppDatabase } from "~/platform/database.server";

import type { NewUser, User } from "../../db/schema";

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

export async function findUserById(db: AppDatabase, id: number): Promise<User | undefined> {
  const { users } = db.tables;
  const [user] = await db.orm.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: AppDatabase, email: string): Promise<User | undefined> {
  const { users } = db.tables;
  const [user] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return user;
}

export async function findUserByNickname(db: AppDatabase, nickname: string): Promise<User | undefined> {
  const { users } = db.tables;
  const [user] = await db.orm
    .select()
    .from(users)
    .where(sql`lower(${users.nickname}) = ${nickname.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

/**
 * An address alone never makes an administrator: nobody has verified a password account's
 * address. Administrators are named as admins.server.ts explains.
 */
export async function createUser(db: AppDatabase, values: NewUser): Promise<User> {
  const { users } = db.tables;
  const [user] = await db.orm
    .insert(users)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning();
  return user!;
}
