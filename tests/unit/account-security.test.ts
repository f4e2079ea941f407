import { count, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";

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
import { DAY_MS } from "~/lib/time";

import { createTestServices } from "../support/services";

const { db } = (await createTestServices()).platform;
const { users, refreshTokens, backupCodes } = db.tables;
let serial = 0;
/** Where the tests that do not move time stand. */
const now = Date.UTC(2025, 0, 1);

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
    const token = signAccessToken({ userId: 7, familyId: "family" }, secret, now);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: 1, sid: "family", exp: 9_999_999_999 })).toString("base64url");
    expect(verifyAccessToken(`${forged}.${signature}`, secret, now)).toBeNull();
    expect(verifyAccessToken(`${payload}.${signature}x`, secret, now)).toBeNull();
    expect(verifyAccessToken(token, "t".repeat(48), now)).toBeNull();
  });
});

describe("refresh token rotation", () => {
  const policy = { secret: "s".repeat(48), maxAgeMs: 90 * DAY_MS };
  const graceMs = refreshGraceSeconds * 1000;

  it("trades each token once for a new one in the same session", async () => {
    const user = await newUser();
    const { familyId, refreshToken } = await startSession(db, user.id, policy, now);
    const first = await rotateRefreshToken(db, refreshToken, policy, now);
    expect(first).toMatchObject({ ok: true, userId: user.id, familyId });
    if (!first.ok) throw new Error("rotation failed");
    expect(first.refreshToken).not.toBe(refreshToken);
    const second = await rotateRefreshToken(db, first.refreshToken, policy, now);
    expect(second).toMatchObject({ ok: true, familyId });
  });

  it("gives requests that race with one token the same successor, and stores only its hash", async () => {
    const user = await newUser();
    const start = Date.UTC(2025, 0, 1);
    const { familyId, refreshToken } = await startSession(db, user.id, policy, start);
    const successors: string[] = [];
    for (const time of [start, start + 1000, start + graceMs]) {
      const answer = await rotateRefreshToken(db, refreshToken, policy, time);
      successors.push(answer.ok ? answer.refreshToken : answer.reason);
    }
    const successor = successors[0]!;
    expect(successors).toEqual([successor, successor, successor]);
    expect(successor).toMatch(/^[\w-]{43}$/);
    expect(successor).not.toBe(refreshToken);
    expect(await db.orm.select({ stored: count() }).from(refreshTokens).where(eq(refreshTokens.familyId, familyId))).toEqual([
      { stored: 2 },
    ]);
    expect(JSON.stringify(await db.orm.select().from(refreshTokens))).not.toContain(successor);
    // The successor goes on as usual.
    expect(await rotateRefreshToken(db, successor, policy, start + 2000)).toMatchObject({ ok: true, familyId });
  });

  it("gives requests that arrive together with one token the same successor", async () => {
    const user = await newUser();
    const { familyId, refreshToken } = await startSession(db, user.id, policy, now);
    const answers = await Promise.all([1, 2, 3].map(() => rotateRefreshToken(db, refreshToken, policy, now)));
    const successors = new Set(answers.map((answer) => (answer.ok ? answer.refreshToken : answer.reason)));
    expect(successors.size).toBe(1);
    expect(answers[0]).toMatchObject({ ok: true, familyId });
  });

  it("treats a use after the grace window as theft and revokes the whole session", async () => {
    const user = await newUser();
    const start = Date.UTC(2025, 0, 1);
    const { familyId, refreshToken } = await startSession(db, user.id, policy, start);
    const rotated = await rotateRefreshToken(db, refreshToken, policy, start);
    if (!rotated.ok) throw new Error("rotation failed");

    expect(await rotateRefreshToken(db, refreshToken, policy, start + graceMs + 1000)).toEqual({ ok: false, reason: "reused" });
    expect(await isFamilyActive(db, familyId, policy, start + graceMs + 1000)).toBe(false);
    // The thief's replay also locks out the token the rightful owner holds.
    expect(await rotateRefreshToken(db, rotated.refreshToken, policy, start + graceMs + 1000)).toEqual({ ok: false, reason: "revoked" });
  });

  it("ends a session at its absolute lifetime, however often it was refreshed", async () => {
    const user = await newUser();
    const start = Date.UTC(2025, 0, 1);
    const session = await startSession(db, user.id, policy, start);
    const { familyId } = session;
    let { refreshToken, expiresAt } = session;
    expect(expiresAt).toEqual(new Date(start + refreshTokenLifetimeSeconds * 1000));
    for (const days of [29, 58, 87]) {
      const rotated = await rotateRefreshToken(db, refreshToken, policy, start + days * DAY_MS);
      if (!rotated.ok) throw new Error(`rotation failed on day ${days}: ${rotated.reason}`);
      ({ refreshToken, expiresAt } = rotated);
    }
    // The last token lives until the session ends, not 30 days more.
    expect(expiresAt).toEqual(new Date(start + 90 * DAY_MS));
    expect(await isFamilyActive(db, familyId, policy, start + 90 * DAY_MS - 1000)).toBe(true);
    expect(await isFamilyActive(db, familyId, policy, start + 90 * DAY_MS)).toBe(false);
    expect(await rotateRefreshToken(db, refreshToken, policy, start + 90 * DAY_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses unknown and expired tokens, and a password change revokes every session", async () => {
    const user = await newUser();
    expect(await rotateRefreshToken(db, "made-up", policy, now)).toEqual({ ok: false, reason: "unknown" });
    const old = await startSession(db, user.id, policy, Date.UTC(2025, 0, 1));
    const later = Date.UTC(2025, 0, 1) + refreshTokenLifetimeSeconds * 1000 + 1;
    expect(await rotateRefreshToken(db, old.refreshToken, policy, later)).toEqual({ ok: false, reason: "expired" });

    const phone = await startSession(db, user.id, policy, now);
    const laptop = await startSession(db, user.id, policy, now);
    await revokeAllSessions(db, user.id, now);
    expect(await isFamilyActive(db, phone.familyId, policy, now)).toBe(false);
    expect(await rotateRefreshToken(db, laptop.refreshToken, policy, now)).toEqual({ ok: false, reason: "revoked" });
  });
});

describe("TOTP", () => {
  const period = 30_000;
  const start = Date.UTC(2025, 0, 1, 12, 0, 0);

  async function protectedUser() {
    const user = await newUser();
    const secret = newTotpSecret();
    await db.orm.update(users).set({ twofaToken: secret, twoFactorEnabled: true }).where(eq(users.id, user.id));
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    /** Whether the account, as stored now, accepts `code` at `time`. */
    const accepts = async (code: string, time: number) => verifyTotp(db, (await findUserById(db, user.id))!, code, time);
    return { accepts, codeAt: (time: number) => app.generate({ timestamp: time }) };
  }

  it("accepts the current code and one step either side, nothing further", async () => {
    const { accepts, codeAt } = await protectedUser();
    expect(await accepts(codeAt(start - 2 * period), start)).toBe(false);
    expect(await accepts(codeAt(start + 2 * period), start)).toBe(false);
    expect(await accepts(codeAt(start - period), start)).toBe(true);
    expect(await accepts(codeAt(start), start)).toBe(true);
    expect(await accepts(codeAt(start + period), start)).toBe(true);
  });

  it("never accepts a code twice, nor an older one after a newer", async () => {
    const { accepts, codeAt } = await protectedUser();
    const code = codeAt(start);
    expect(await accepts(code, start)).toBe(true);
    expect(await accepts(code, start)).toBe(false);
    expect(await accepts(code, start + period)).toBe(false);
    expect(await accepts(codeAt(start + period), start + period)).toBe(true);
    expect(await accepts(codeAt(start), start + period)).toBe(false);
  });

  it("refuses malformed codes and accounts without a secret", async () => {
    const { accepts } = await protectedUser();
    expect(await accepts("12345", start)).toBe(false);
    expect(await accepts("abcdef", start)).toBe(false);
    expect(await verifyTotp(db, await newUser(), "123456", start)).toBe(false);
  });

  it("draws the otpauth URI as an SVG QR code", async () => {
    const { svg, uri } = await totpQrSvg(newTotpSecret(), "ana@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Market%20Analytics:ana%40example\.com\?.*secret=[A-Z2-7]+/);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script/i);
  });
});

describe("backup codes", () => {
  it("are ten, stored hashed, and each works once, however it is typed", async () => {
    const user = await newUser();
    const codes = await replaceBackupCodes(db, user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = JSON.stringify(await db.orm.select().from(backupCodes).where(eq(backupCodes.userId, user.id)));
    for (const code of codes) expect(stored).not.toContain(code);

    const [first = "", second = ""] = codes;
    expect(await useBackupCode(db, user.id, first.toLowerCase().replace("-", " "), now)).toBe(true);
    expect(await useBackupCode(db, user.id, first, now)).toBe(false);
    expect(await useBackupCode(db, (await newUser()).id, second, now)).toBe(false);
    expect(await remainingBackupCodes(db, user.id)).toBe(9);

    await replaceBackupCodes(db, user.id);
    expect(await useBackupCode(db, user.id, second, now)).toBe(false);
    expect(await remainingBackupCodes(db, user.id)).toBe(10);
  });
});
