import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { backupCodes, users } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";
import { hashToken } from "./tokens.server";

const issuer = "Market Analytics";
const periodSeconds = 30;
export const backupCodeCount = 10;

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
 * remembered, so the same code, or an older one, is never accepted twice.
 */
export function verifyTotp(
  db: AppDatabase,
  user: { id: number; twofaToken: string | null; twofaLastStep: number | null; email: string },
  code: string,
  now = Date.now(),
): boolean {
  if (!user.twofaToken || !/^\d{6}$/.test(code)) return false;
  const delta = totpFor(user.twofaToken, user.email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / periodSeconds) + delta;
  if (user.twofaLastStep !== null && step <= user.twofaLastStep) return false;
  db.update(users).set({ twofaLastStep: step }).where(eq(users.id, user.id)).run();
  return true;
}

/** Ten fresh codes like "7K3Q-M9XP"; only their hashes are stored, so they can be shown once. */
export function replaceBackupCodes(db: AppDatabase, userId: number): string[] {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const codes = Array.from({ length: backupCodeCount }, () => {
    const characters = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join("");
    return `${characters.slice(0, 4)}-${characters.slice(4)}`;
  });
  db.transaction((tx) => {
    tx.delete(backupCodes).where(eq(backupCodes.userId, userId)).run();
    tx.insert(backupCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseBackupCode(code)) })))
      .run();
  });
  return codes;
}

const normaliseBackupCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** Spends a backup code: true once per code. */
export function useBackupCode(db: AppDatabase, userId: number, code: string, now = Date.now()): boolean {
  const codeHash = hashToken(normaliseBackupCode(code));
  const spent = db
    .update(backupCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)))
    .run();
  return spent.changes === 1;
}

export function remainingBackupCodes(db: AppDatabase, userId: number): number {
  return db
    .select({ id: backupCodes.id })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)))
    .all().length;
}
