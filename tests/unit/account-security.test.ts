import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hashPassword, verifyPassword } from "~/account/password.server";
import {
  isFamilyActive,
  refreshGraceSeconds,
  refreshTokenLifetimeSeconds,
  revokeAllSessions,
  rotateRefreshToken,
  signAccessToken,
  startSession,
  verifyAccessToken,
} from "~/account/tokens.server";
import { newTotpSecret, remainingBackupCodes, replaceBackupCodes, totpQrSvg, useBackupCode, verifyTotp } from "~/account/two-factor.server";
import { createUser, findUserById } from "~/account/users.server";
import { openDatabase } from "~/platform/db.server";

const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), "ma-account-security-")), "app.db"));
let serial = 0;

function newUser() {
  serial += 1;
  return createUser(db, { email: `user${serial}@example.com`, name: "Ana", nickname: `user${serial}` });
}

describe("password hashing", () => {
  it("stores an argon2id hash that verifies the password and nothing else", async () => {
    const hash = await hashPassword("Sup3r-secret!");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain("Sup3r-secret!");
    expect(await verifyPassword(hash, "Sup3r-secret!")).toBe(true);
    expect(await verifyPassword(hash, "Sup3r-secret?")).toBe(false);
    expect(await verifyPassword("not a hash", "Sup3r-secret!")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Sup3r-secret!")).not.toBe(await hashPassword("Sup3r-secret!"));
  });
});

describe("access tokens", () => {
  const secret = "s".repeat(48);

  it("carry the user and session until they expire", () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signAccessToken({ userId: 7, familyId: "family" }, secret, now);
    expect(verifyAccessToken(token, secret, now + 60_000)).toMatchObject({ userId: 7, familyId: "family" });
    expect(verifyAccessToken(token, secret, now + 15 * 60_000)).toBeNull();
  });

  it("are refused when tampered with or signed with another secret", () => {
    const token = signAccessToken({ userId: 7, familyId: "family" }, secret);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: 1, sid: "family", exp: 9_999_999_999 })).toString("base64url");
    expect(verifyAccessToken(`${forged}.${signature}`, secret)).toBeNull();
    expect(verifyAccessToken(`${payload}.${signature}x`, secret)).toBeNull();
    expect(verifyAccessToken(token, "t".repeat(48))).toBeNull();
  });
});

describe("refresh token rotation", () => {
  const day = 24 * 60 * 60 * 1000;
  const policy = { secret: "s".repeat(48), maxAgeMs: 90 * day };
  const graceMs = refreshGraceSeconds * 1000;

  it("trades each token once for a new one in the same session", () => {
    const user = newUser();
    const { familyId, refreshToken } = startSession(db, user.id, policy);
    const first = rotateRefreshToken(db, refreshToken, policy);
    expect(first).toMatchObject({ ok: true, userId: user.id, familyId });
    if (!first.ok) throw new Error("rotation failed");
    expect(first.refreshToken).not.toBe(refreshToken);
    const second = rotateRefreshToken(db, first.refreshToken, policy);
    expect(second).toMatchObject({ ok: true, familyId });
  });

  it("gives requests that race with one token the same successor, and stores only its hash", () => {
    const user = newUser();
    const start = Date.UTC(2025, 0, 1);
    const { familyId, refreshToken } = startSession(db, user.id, policy, start);
    const successors = [start, start + 1000, start + graceMs].map((now) => {
      const answer = rotateRefreshToken(db, refreshToken, policy, now);
      return answer.ok ? answer.refreshToken : answer.reason;
    });
    const successor = successors[0]!;
    expect(successors).toEqual([successor, successor, successor]);
    expect(successor).toMatch(/^[\w-]{43}$/);
    expect(successor).not.toBe(refreshToken);
    expect(db.$client.prepare("select count(*) from refresh_tokens where family_id = ?").pluck().get(familyId)).toBe(2);
    expect(JSON.stringify(db.$client.prepare("select * from refresh_tokens").all())).not.toContain(successor);
    // The successor goes on as usual.
    expect(rotateRefreshToken(db, successor, policy, start + 2000)).toMatchObject({ ok: true, familyId });
  });

  it("treats a use after the grace window as theft and revokes the whole session", () => {
    const user = newUser();
    const start = Date.UTC(2025, 0, 1);
    const { familyId, refreshToken } = startSession(db, user.id, policy, start);
    const rotated = rotateRefreshToken(db, refreshToken, policy, start);
    if (!rotated.ok) throw new Error("rotation failed");

    expect(rotateRefreshToken(db, refreshToken, policy, start + graceMs + 1000)).toEqual({ ok: false, reason: "reused" });
    expect(isFamilyActive(db, familyId, policy)).toBe(false);
    // The thief's replay also locks out the token the rightful owner holds.
    expect(rotateRefreshToken(db, rotated.refreshToken, policy, start + graceMs + 1000)).toEqual({ ok: false, reason: "revoked" });
  });

  it("ends a session at its absolute lifetime, however often it was refreshed", () => {
    const user = newUser();
    const start = Date.UTC(2025, 0, 1);
    let { familyId, refreshToken, expiresAt } = startSession(db, user.id, policy, start);
    expect(expiresAt).toEqual(new Date(start + refreshTokenLifetimeSeconds * 1000));
    for (const days of [29, 58, 87]) {
      const rotated = rotateRefreshToken(db, refreshToken, policy, start + days * day);
      if (!rotated.ok) throw new Error(`rotation failed on day ${days}: ${rotated.reason}`);
      ({ refreshToken, expiresAt } = rotated);
    }
    // The last token lives until the session ends, not 30 days more.
    expect(expiresAt).toEqual(new Date(start + 90 * day));
    expect(isFamilyActive(db, familyId, policy, start + 90 * day - 1000)).toBe(true);
    expect(isFamilyActive(db, familyId, policy, start + 90 * day)).toBe(false);
    expect(rotateRefreshToken(db, refreshToken, policy, start + 90 * day)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses unknown and expired tokens, and a password change revokes every session", () => {
    const user = newUser();
    expect(rotateRefreshToken(db, "made-up", policy)).toEqual({ ok: false, reason: "unknown" });
    const old = startSession(db, user.id, policy, Date.UTC(2025, 0, 1));
    const later = Date.UTC(2025, 0, 1) + refreshTokenLifetimeSeconds * 1000 + 1;
    expect(rotateRefreshToken(db, old.refreshToken, policy, later)).toEqual({ ok: false, reason: "expired" });

    const phone = startSession(db, user.id, policy);
    const laptop = startSession(db, user.id, policy);
    revokeAllSessions(db, user.id);
    expect(isFamilyActive(db, phone.familyId, policy)).toBe(false);
    expect(rotateRefreshToken(db, laptop.refreshToken, policy)).toEqual({ ok: false, reason: "revoked" });
  });
});

describe("TOTP", () => {
  const period = 30_000;
  const start = Date.UTC(2025, 0, 1, 12, 0, 0);

  function protectedUser() {
    const user = newUser();
    db.update(users).set({ twofaToken: newTotpSecret(), twoFactorEnabled: true }).where(eq(users.id, user.id)).run();
    const fresh = () => findUserById(db, user.id)!;
    const app = new TOTP({ secret: Secret.fromBase32(fresh().twofaToken!), digits: 6, period: 30, algorithm: "SHA1" });
    return { fresh, codeAt: (time: number) => app.generate({ timestamp: time }) };
  }

  it("accepts the current code and one step either side, nothing further", () => {
    const { fresh, codeAt } = protectedUser();
    expect(verifyTotp(db, fresh(), codeAt(start - 2 * period), start)).toBe(false);
    expect(verifyTotp(db, fresh(), codeAt(start + 2 * period), start)).toBe(false);
    expect(verifyTotp(db, fresh(), codeAt(start - period), start)).toBe(true);
    expect(verifyTotp(db, fresh(), codeAt(start), start)).toBe(true);
    expect(verifyTotp(db, fresh(), codeAt(start + period), start)).toBe(true);
  });

  it("never accepts a code twice, nor an older one after a newer", () => {
    const { fresh, codeAt } = protectedUser();
    const code = codeAt(start);
    expect(verifyTotp(db, fresh(), code, start)).toBe(true);
    expect(verifyTotp(db, fresh(), code, start)).toBe(false);
    expect(verifyTotp(db, fresh(), code, start + period)).toBe(false);
    expect(verifyTotp(db, fresh(), codeAt(start + period), start + period)).toBe(true);
    expect(verifyTotp(db, fresh(), codeAt(start), start + period)).toBe(false);
  });

  it("refuses malformed codes and accounts without a secret", () => {
    const { fresh } = protectedUser();
    expect(verifyTotp(db, fresh(), "12345", start)).toBe(false);
    expect(verifyTotp(db, fresh(), "abcdef", start)).toBe(false);
    expect(verifyTotp(db, newUser(), "123456", start)).toBe(false);
  });

  it("draws the otpauth URI as an SVG QR code", async () => {
    const { svg, uri } = await totpQrSvg(newTotpSecret(), "ana@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Market%20Analytics:ana%40example\.com\?.*secret=[A-Z2-7]+/);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script/i);
  });
});

describe("backup codes", () => {
  it("are ten, stored hashed, and each works once, however it is typed", () => {
    const user = newUser();
    const codes = replaceBackupCodes(db, user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = db.$client.prepare("select code_hash from backup_codes where user_id = ?").pluck().all(user.id);
    for (const code of codes) expect(stored).not.toContain(code);

    const [first = "", second = ""] = codes;
    expect(useBackupCode(db, user.id, first.toLowerCase().replace("-", " "))).toBe(true);
    expect(useBackupCode(db, user.id, first)).toBe(false);
    expect(useBackupCode(db, newUser().id, second)).toBe(false);
    expect(remainingBackupCodes(db, user.id)).toBe(9);

    replaceBackupCodes(db, user.id);
    expect(useBackupCode(db, user.id, second)).toBe(false);
    expect(remainingBackupCodes(db, user.id)).toBe(10);
  });
});
