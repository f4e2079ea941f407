import { and, count, desc, eq } from "drizzle-orm";
import { backupCodes, users, type User } from "../../db/schema";
import { getDb } from "~/platform/db.server";
import type { ThemeName } from "~/lib/theme";
import { verifySecondFactor, type FieldErrors } from "./auth.server";
import { verifyPassword } from "./password.server";
import { newTotpSecret, replaceBackupCodes, totpQrSvg, verifyTotp } from "./two-factor.server";
import { findUserByEmail, findUserById, findUserByNickname, normaliseEmail } from "./users.server";

/** A settings change that needs proof or a free name either works or says which field is wrong. */
export type SettingsResult = { ok: true } | { ok: false; errors: FieldErrors };

/** The full row (password hash, TOTP secret) behind a session; only server code reads it. */
export function accountRow(userId: number): User {
  const user = findUserById(getDb(), userId);
  // The session middleware found this user a moment ago; only a concurrent deletion gets here.
  if (!user) throw new Response(null, { status: 404 });
  return user;
}

async function passwordMatches(user: User, password: string | undefined) {
  return Boolean(password && user.passwordHash && (await verifyPassword(user.passwordHash, password)));
}

export function updateProfile(user: User, values: { name: string; nickname: string; email?: string }): SettingsResult {
  const db = getDb();
  // Only email-login accounts may change their address.
  const email = user.loginMethod === "email" && values.email ? normaliseEmail(values.email) : user.email;
  const errors: FieldErrors = {};
  if ((findUserByEmail(db, email)?.id ?? user.id) !== user.id) errors.email = "errors.emailTaken";
  if ((findUserByNickname(db, values.nickname)?.id ?? user.id) !== user.id) errors.nickname = "errors.nicknameTaken";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  db.update(users).set({ name: values.name, nickname: values.nickname, email }).where(eq(users.id, user.id)).run();
  return { ok: true };
}

export function updateThemePreference(userId: number, theme: ThemeName) {
  getDb().update(users).set({ theme }).where(eq(users.id, userId)).run();
}

/** Step 1: a fresh secret waits in twofaToken, still off, until a code from it proves the app has it. */
export function startTwoFactorSetup(userId: number) {
  getDb()
    .update(users)
    .set({ twofaToken: newTotpSecret(), twofaLastStep: null })
    // Never replaces the secret of an account that is already protected.
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
    .run();
}

/** What steps 1 and 2 show while a setup is pending: the QR code (SVG) and the secret as text. */
export async function pendingTwoFactorSetup(user: User) {
  if (user.twoFactorEnabled || !user.twofaToken) return null;
  const { svg } = await totpQrSvg(user.twofaToken, user.email);
  return { secret: user.twofaToken, qrSvg: svg };
}

/** Step 2 → 3: a valid code turns protection on and yields the backup codes, shown only this once. */
export function confirmTwoFactorSetup(user: User, code: string): string[] | null {
  const db = getDb();
  if (user.twoFactorEnabled || !verifyTotp(db, user, code)) return null;
  return db.transaction((tx) => {
    tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id)).run();
    return replaceBackupCodes(tx as unknown as typeof db, user.id);
  });
}

/** Turning protection off needs the password (email accounts) or a current code (the others). */
export async function disableTwoFactor(user: User, proof: { password?: string; code?: string }): Promise<SettingsResult> {
  if (user.loginMethod === "email") {
    if (!(await passwordMatches(user, proof.password))) return { ok: false, errors: { password: "errors.incorrectPassword" } };
  } else if (!proof.code || !verifySecondFactor(user, proof.code)) {
    return { ok: false, errors: { code: "errors.invalidCode" } };
  }
  getDb().transaction((tx) => {
    tx.update(users).set({ twoFactorEnabled: false, twofaToken: null, twofaLastStep: null }).where(eq(users.id, user.id)).run();
    tx.delete(backupCodes).where(eq(backupCodes.userId, user.id)).run();
  });
  return { ok: true };
}

/** Deletes the user; sessions, refresh tokens and backup codes go with it (foreign-key cascades). */
export async function deleteAccount(user: User, password: string | undefined): Promise<SettingsResult> {
  if (user.loginMethod === "email" && !(await passwordMatches(user, password))) {
    return { ok: false, errors: { password: "errors.incorrectPassword" } };
  }
  getDb().delete(users).where(eq(users.id, user.id)).run();
  return { ok: true };
}

export const usersPerPage = 20;

/** The admin users screen: newest first, one page at a time. */
export function listUsers(page: number) {
  const db = getDb();
  const total = db.select({ total: count() }).from(users).get()?.total ?? 0;
  const items = db
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
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(usersPerPage)
    .offset((page - 1) * usersPerPage)
    .all();
  return { items, total };
}
