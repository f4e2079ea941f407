import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { refreshTokens, sessionFamilies } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";

export const accessTokenLifetimeSeconds = 15 * 60;
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;

export type AccessClaims = { userId: number; familyId: string; expiresAt: number };

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** A compact HMAC-signed token: `payload.signature`, both base64url. */
export function signAccessToken(claims: Omit<AccessClaims, "expiresAt">, secret: string, now = Date.now()): string {
  const payload = base64url(
    JSON.stringify({ sub: claims.userId, sid: claims.familyId, exp: Math.floor(now / 1000) + accessTokenLifetimeSeconds }),
  );
  return `${payload}.${base64url(createHmac("sha256", secret).update(payload).digest())}`;
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = createHmac("sha256", secret).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub: unknown; sid: unknown; exp: unknown };
    if (typeof claims.sub !== "number" || typeof claims.sid !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 <= now) return null;
    return { userId: claims.sub, familyId: claims.sid, expiresAt: claims.exp };
  } catch {
    return null;
  }
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What every session of this instance follows: the secret its tokens derive from, and how long it may last in all. */
export type SessionPolicy = { secret: string; maxAgeMs: number };

/** The absolute end of a session: refreshing keeps it going until then, never past. */
const sessionEnd = (createdAt: Date, policy: SessionPolicy) => createdAt.getTime() + policy.maxAgeMs;

/** How long a just-traded refresh token still gets its successor: a browser's tabs and parallel requests carry it at once. */
export const refreshGraceSeconds = 30;

/**
 * The token that replaces `token`. Derived rather than random, so every request that arrives with
 * the same token within the grace window gets the same successor; only its hash is stored, and
 * without the secret nobody can derive it.
 */
function successorOf(token: string, secret: string) {
  return createHmac("sha256", secret).update(`refresh-successor:${token}`).digest("base64url");
}

/** Stores a refresh token's hash; it lasts its lifetime, or until its session ends if that comes first. */
function storeRefreshToken(db: AppDatabase, token: string, familyId: string, sessionEndsAt: number, now: number) {
  const expiresAt = new Date(Math.min(now + refreshTokenLifetimeSeconds * 1000, sessionEndsAt));
  db.insert(refreshTokens)
    .values({ tokenHash: hashToken(token), familyId, expiresAt })
    .run();
  return { refreshToken: token, expiresAt };
}

/** Starts a new session family for a login and returns its first refresh token and when that expires. */
export function startSession(db: AppDatabase, userId: number, policy: SessionPolicy, now = Date.now()) {
  const familyId = randomBytes(16).toString("base64url");
  const createdAt = new Date(now);
  db.insert(sessionFamilies).values({ id: familyId, userId, createdAt }).run();
  const token = randomBytes(32).toString("base64url");
  return { familyId, ...storeRefreshToken(db, token, familyId, sessionEnd(createdAt, policy), now) };
}

export type RotationResult =
  | { ok: true; userId: number; familyId: string; refreshToken: string; expiresAt: Date }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/**
 * Trades a refresh token for the next one in the same family. A token traded within the grace
 * window gets the same successor again (concurrent requests); traded before that, it is being
 * replayed, so the whole family (that device's session) is revoked.
 */
export function rotateRefreshToken(db: AppDatabase, token: string, policy: SessionPolicy, now = Date.now()): RotationResult {
  return db.transaction((tx) => {
    const row = tx
      .select({ token: refreshTokens, family: sessionFamilies })
      .from(refreshTokens)
      .innerJoin(sessionFamilies, eq(refreshTokens.familyId, sessionFamilies.id))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .get();
    if (!row) return { ok: false, reason: "unknown" } as const;
    if (row.family.revokedAt) return { ok: false, reason: "revoked" } as const;
    const endsAt = sessionEnd(row.family.createdAt, policy);
    if (endsAt <= now) return { ok: false, reason: "expired" } as const;
    const successor = successorOf(token, policy.secret);
    const family = { ok: true, userId: row.family.userId, familyId: row.family.id } as const;
    if (row.token.usedAt) {
      const withinGrace = now - row.token.usedAt.getTime() <= refreshGraceSeconds * 1000;
      const issued = tx
        .select({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(successor)))
        .get();
      if (withinGrace && issued?.familyId === row.family.id) {
        return { ...family, refreshToken: successor, expiresAt: issued.expiresAt };
      }
      tx.update(sessionFamilies)
        .set({ revokedAt: new Date(now) })
        .where(eq(sessionFamilies.id, row.family.id))
        .run();
      return { ok: false, reason: "reused" } as const;
    }
    if (row.token.expiresAt.getTime() <= now) return { ok: false, reason: "expired" } as const;
    tx.update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(refreshTokens.tokenHash, row.token.tokenHash))
      .run();
    return { ...family, ...storeRefreshToken(tx as unknown as AppDatabase, successor, row.family.id, endsAt, now) };
  });
}

/** Neither revoked nor past its absolute end: its access tokens still count. */
export function isFamilyActive(db: AppDatabase, familyId: string, policy: SessionPolicy, now = Date.now()): boolean {
  const family = db.select().from(sessionFamilies).where(eq(sessionFamilies.id, familyId)).get();
  return family !== undefined && family.revokedAt === null && sessionEnd(family.createdAt, policy) > now;
}

export function revokeFamily(db: AppDatabase, familyId: string, now = Date.now()) {
  db.update(sessionFamilies)
    .set({ revokedAt: new Date(now) })
    .where(eq(sessionFamilies.id, familyId))
    .run();
}

/** Signs the user out everywhere (after a password change, for instance). */
export function revokeAllSessions(db: AppDatabase, userId: number, now = Date.now()) {
  db.update(sessionFamilies)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
    .run();
}
