import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";

import { DAY_SECONDS } from "~/lib/time";
import { type AppDatabase, preparedPerDatabase } from "~/platform/database.server";

import type { User } from "../../db/schema";

export const accessTokenLifetimeSeconds = 15 * 60;
export const refreshTokenLifetimeSeconds = 30 * DAY_SECONDS;

export type AccessClaims = { userId: number; familyId: string; expiresAt: number };

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** A compact HMAC-signed token: `payload.signature`, both base64url. */
export function signAccessToken(claims: Omit<AccessClaims, "expiresAt">, secret: string, now: number): string {
  const payload = base64url(
    JSON.stringify({ sub: claims.userId, sid: claims.familyId, exp: Math.floor(now / 1000) + accessTokenLifetimeSeconds }),
  );
  return `${payload}.${base64url(createHmac("sha256", secret).update(payload).digest())}`;
}

export function verifyAccessToken(token: string, secret: string, now: number): AccessClaims | null {
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
async function storeRefreshToken(db: AppDatabase, token: string, familyId: string, sessionEndsAt: number, now: number) {
  const { refreshTokens } = db.tables;
  const expiresAt = new Date(Math.min(now + refreshTokenLifetimeSeconds * 1000, sessionEndsAt));
  // Racing requests on another instance may store the same successor first: it is the same token.
  await db.orm
    .insert(refreshTokens)
    .values({ tokenHash: hashToken(token), familyId, expiresAt })
    .onConflictDoNothing();
  return { refreshToken: token, expiresAt };
}

/** Starts a new session family for a login and returns its first refresh token and when that expires. */
export async function startSession(db: AppDatabase, userId: number, policy: SessionPolicy, now: number) {
  const familyId = randomBytes(16).toString("base64url");
  const createdAt = new Date(now);
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    await tx.orm.insert(tx.tables.sessionFamilies).values({ id: familyId, userId, createdAt });
    return { familyId, ...(await storeRefreshToken(tx, token, familyId, sessionEnd(createdAt, policy), now)) };
  });
}

export type RotationResult =
  | { ok: true; userId: number; familyId: string; refreshToken: string; expiresAt: Date }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/** Marks a refresh token traded, unless a concurrent request did first: true for the one that did. */
async function claimRefreshToken(db: AppDatabase, tokenHash: string, now: number) {
  const { refreshTokens } = db.tables;
  const claimed = await db.orm
    .update(refreshTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return claimed.length === 1;
}

async function findRefreshToken(db: AppDatabase, tokenHash: string) {
  const { refreshTokens, sessionFamilies } = db.tables;
  const [row] = await db.orm
    .select({ token: refreshTokens, family: sessionFamilies })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(refreshTokens.familyId, sessionFamilies.id))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Trades a refresh token for the next one in the same family. A token traded within the grace
 * window gets the same successor again (concurrent requests); traded before that, it is being
 * replayed, so the whole family (that device's session) is revoked.
 */
export async function rotateRefreshToken(db: AppDatabase, token: string, policy: SessionPolicy, now: number): Promise<RotationResult> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx): Promise<RotationResult> => {
    const row = await findRefreshToken(tx, tokenHash);
    if (!row) return { ok: false, reason: "unknown" };
    if (row.family.revokedAt) return { ok: false, reason: "revoked" };
    const endsAt = sessionEnd(row.family.createdAt, policy);
    if (endsAt <= now) return { ok: false, reason: "expired" };
    const successor = successorOf(token, policy.secret);
    const family = { ok: true, userId: row.family.userId, familyId: row.family.id } as const;
    if (!row.token.usedAt) {
      if (row.token.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
      if (await claimRefreshToken(tx, tokenHash, now)) {
        return { ...family, ...(await storeRefreshToken(tx, successor, row.family.id, endsAt, now)) };
      }
    }
    // Traded already, by an earlier request or one that raced this one.
    const usedAt = row.token.usedAt ?? (await findRefreshToken(tx, tokenHash))?.token.usedAt;
    const withinGrace = usedAt !== null && usedAt !== undefined && now - usedAt.getTime() <= refreshGraceSeconds * 1000;
    const { refreshTokens, sessionFamilies } = tx.tables;
    const [issued] = await tx.orm
      .select({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(successor)))
      .limit(1);
    if (withinGrace && issued?.familyId === row.family.id) {
      return { ...family, refreshToken: successor, expiresAt: issued.expiresAt };
    }
    await tx.orm
      .update(sessionFamilies)
      .set({ revokedAt: new Date(now) })
      .where(eq(sessionFamilies.id, row.family.id));
    return { ok: false, reason: "reused" };
  });
}

const familyById = preparedPerDatabase(({ orm, tables: { sessionFamilies } }) =>
  orm
    .select()
    .from(sessionFamilies)
    .where(eq(sessionFamilies.id, sql.placeholder("familyId")))
    .limit(1)
    .prepare(),
);

const familyWithItsUser = preparedPerDatabase(({ orm, tables: { sessionFamilies, users } }) =>
  orm
    .select({ family: sessionFamilies, user: users })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(sessionFamilies.id, sql.placeholder("familyId")))
    .limit(1)
    .prepare(),
);

/** Neither revoked nor past its absolute end: its access tokens still count. */
const isActive = (family: { createdAt: Date; revokedAt: Date | null }, policy: SessionPolicy, now: number) =>
  family.revokedAt === null && sessionEnd(family.createdAt, policy) > now;

export async function isFamilyActive(db: AppDatabase, familyId: string, policy: SessionPolicy, now: number): Promise<boolean> {
  const [family] = await familyById(db).execute({ familyId });
  return family !== undefined && isActive(family, policy, now);
}

/** The user of an access token's claims while their session is active: the family and the user in one read. */
export async function activeSessionUser(
  db: AppDatabase,
  claims: Pick<AccessClaims, "userId" | "familyId">,
  policy: SessionPolicy,
  now: number,
): Promise<User | undefined> {
  const [row] = await familyWithItsUser(db).execute({ familyId: claims.familyId });
  return row && row.user.id === claims.userId && isActive(row.family, policy, now) ? row.user : undefined;
}

export async function revokeFamily(db: AppDatabase, familyId: string, now: number) {
  const { sessionFamilies } = db.tables;
  await db.orm
    .update(sessionFamilies)
    .set({ revokedAt: new Date(now) })
    .where(eq(sessionFamilies.id, familyId));
}

/** Signs the user out everywhere (after a password change, for instance). */
export async function revokeAllSessions(db: AppDatabase, userId: number, now: number) {
  const { sessionFamilies } = db.tables;
  await db.orm
    .update(sessionFamilies)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
}
