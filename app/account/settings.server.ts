import { and, count, eq, inArray } from "drizzle-orm";

import { type AppDatabase, newestFirst, newestPageIds } from "~/platform/database.server";

import type { User } from "../../db/schema";
import { type FieldErrors, verifySecondFactor } from "./auth.server";
import { verifyPassword } from "./password.server";
import { newTotpSecret, replaceBackupCodes, totpQrSvg, verifyTotp } from "./two-factor.server";
import { findUserByEmail, findUserByNickname, normaliseEmail } from "./users.server";

/** A settings change that needs proof or a free name either works or says which field is wrong. */
export type SettingsResult = { ok: true } | { ok: false; errors: FieldErrors };

async function passwordMatches(user: User, password: string | undefined) {
  return Boolean(password && user.passwordHash && (await verifyPassword(user.passwordHash, password)));
}

export async function updateProfile(
  db: AppDatabase,
  user: User,
  values: { name: string; nickname: string; email?: string },
): Promise<SettingsResult> {
  // Only email-login accounts may change their address.
  const email = user.loginMethod === "email" && values.email ? normaliseEmail(values.email) : user.email;
  const errors: FieldErrors = {};
  if (((await findUserByEmail(db, email))?.id ?? user.id) !== user.id) errors.email = "errors.emailTaken";
  if (((await findUserByNickname(db, values.nickname))?.id ?? user.id) !== user.id) errors.nickname = "errors.nicknameTaken";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { users } = db.tables;
  await db.orm.update(users).set({ name: values.name, nickname: values.nickname, email }).where(eq(users.id, user.id));
  return { ok: true };
}

export async function updateThemePreference(db: AppDatabase, userId: number, theme: User["theme"]) {
  const { users } = db.tables;
  await db.orm.update(users).set({ theme }).where(eq(users.id, userId));
}

/** Step 1: a fresh secret waits in twofaToken, still off, until a code from it proves the app has it. */
export async function startTwoFactorSetup(db: AppDatabase, userId: number) {
  const { users } = db.tables;
  await db.orm
    .update(users)
    .set({ twofaToken: newTotpSecret(), twofaLastStep: null })
    // Never replaces the secret of an account that is already protected.
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)));
}

/** What steps 1 and 2 show while a setup is pending: the QR code (SVG) and the secret as text. */
export async function pendingTwoFactorSetup(user: User) {
  if (user.twoFactorEnabled || !user.twofaToken) return null;
  const { svg } = await totpQrSvg(user.twofaToken, user.email);
  return { secret: user.twofaToken, qrSvg: svg };
}

/** Step 2 → 3: a valid code turns protection on and yields the backup codes, shown only this once. */
export async function confirmTwoFactorSetup(db: AppDatabase, user: User, code: string, now: number): Promise<string[] | null> {
  if (user.twoFactorEnabled || !(await verifyTotp(db, user, code, now))) return null;
  return db.transaction(async (tx) => {
    const { users } = tx.tables;
    await tx.orm.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    return replaceBackupCodes(tx, user.id);
  });
}

/** Turning protection off needs the password (email accounts) or a current code (the others). */
export async function disableTwoFactor(
  db: AppDatabase,
  user: User,
  proof: { password?: string; code?: string },
  now: number,
): Promise<SettingsResult> {
  if (user.loginMethod === "email") {
    if (!(await passwordMatches(user, proof.password))) return { ok: false, errors: { password: "errors.incorrectPassword" } };
  } else if (!proof.code || !(await verifySecondFactor(db, user, proof.code, now))) {
    return { ok: false, errors: { code: "errors.invalidCode" } };
  }
  await db.transaction(async (tx) => {
    const { users, backupCodes } = tx.tables;
    await tx.orm.update(users).set({ twoFactorEnabled: false, twofaToken: null, twofaLastStep: null }).where(eq(users.id, user.id));
    await tx.orm.delete(backupCodes).where(eq(backupCodes.userId, user.id));
  });
  return { ok: true };
}

/** Deletes the user; sessions, refresh tokens and backup codes go with it (foreign-key cascades). */
export async function deleteAccount(db: AppDatabase, user: User, password: string | undefined): Promise<SettingsResult> {
  if (user.loginMethod === "email" && !(await passwordMatches(user, password))) {
    return { ok: false, errors: { password: "errors.incorrectPassword" } };
  }
  const { users } = db.tables;
  await db.orm.delete(users).where(eq(users.id, user.id));
  return { ok: true };
}

export const usersPerPage = 20;

/** The admin users screen: newest first, one page at a time. */
export async function listUsers(db: AppDatabase, page: number) {
  const { users } = db.tables;
  const [counted] = await db.orm.select({ total: count() }).from(users);
  const items = await db.orm
    .select({
      id: users.id,
      nickname: users.nickname,
      name: users.name,
      email: users.email,
      loginMethod: users.loginMethod,
      userType: users.userType,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.id, newestPageIds(db, users, page, usersPerPage)));
  newestFirst(items);
  return { items, total: counted?.total ?? 0 };
}
