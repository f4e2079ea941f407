import { randomInt } from "node:crypto";

import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

import type { AppDatabase } from "~/platform/database.server";

import { hashToken } from "./tokens.server";

const issuer = "Market Analytics";
const periodSeconds = 30;
const backupCodeCount = 10;

function totpFor(secret: string, label: string) {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: periodSeconds, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans, drawn as an SVG on the server. */
export async function totpQrSvg(secret: string, label: string): Promise<{ uri: string; svg: string }> {
  const uri = totpFor(secret, label).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, svg };
}

/**
 * Accepts the current code or one step either side (clock drift). The step a code belongs to is
 * remembered, so the same code, or an older one, is never accepted twice, even by two requests at once.
 */
export async function verifyTotp(
  db: AppDatabase,
  user: { id: number; twofaToken: string | null; email: string },
  code: string,
  now: number,
): Promise<boolean> {
  if (!user.twofaToken || !/^\d{6}$/.test(code)) return false;
  const delta = totpFor(user.twofaToken, user.email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / periodSeconds) + delta;
  const { users } = db.tables;
  const accepted = await db.orm
    .update(users)
    .set({ twofaLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twofaLastStep), lt(users.twofaLastStep, step))))
    .returning({ id: users.id });
  return accepted.length === 1;
}

/** Ten fresh codes like "7K3Q-M9XP"; only their hashes are stored, so they can be shown once. */
export async function replaceBackupCodes(db: AppDatabase, userId: number): Promise<string[]> {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const codes = Array.from({ length: backupCodeCount }, () => {
    const characters = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${characters.slice(0, 4)}-${characters.slice(4)}`;
  });
  await db.transaction(async (tx) => {
    const { backupCodes } = tx.tables;
    await tx.orm.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.orm.insert(backupCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseBackupCode(code)) })));
  });
  return codes;
}

const normaliseBackupCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** Spends a backup code: true once per code. */
export async function useBackupCode(db: AppDatabase, userId: number, code: string, now: number): Promise<boolean> {
  const { backupCodes } = db.tables;
  const codeHash = hashToken(normaliseBackupCode(code));
  const spent = await db.orm
    .update(backupCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return spent.length === 1;
}

export async function remainingBackupCodes(db: AppDatabase, userId: number): Promise<number> {
  const { backupCodes } = db.tables;
  const [row] = await db.orm
    .select({ remaining: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.remaining ?? 0;
}
