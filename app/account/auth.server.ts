import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";

import { getInstance } from "~/i18n/middleware.server";
import { HOUR_MS, MINUTE_MS } from "~/lib/time";
import { platformOf } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";
import type { RateLimit, RateLimitVerdict } from "~/platform/rate-limit.server";
import { clientAddressContext } from "~/platform/request-context";

import type { User } from "../../db/schema";
import { hashPassword, unmatchableHash, verifyPassword } from "./password.server";
import { isGuessablePassword } from "./password-strength.server";
import { revokeAllSessions } from "./tokens.server";
import { useBackupCode, verifyTotp } from "./two-factor.server";
import { createUser, findUserByEmail, findUserByNickname, normaliseEmail } from "./users.server";

const fifteenMinutes = 15 * MINUTE_MS;

/** Per address and per account: 10 tries in 15 minutes is plenty for a person, little for a script. */
export const accountLimits = {
  twoFactor: { name: "two-factor", limit: 10, windowMs: fifteenMinutes },
  register: { name: "register", limit: 5, windowMs: HOUR_MS },
  passwordChange: { name: "password-change", limit: 5, windowMs: fifteenMinutes },
} as const satisfies Record<string, RateLimit>;

/**
 * Sign-in counts three ways (docs/decisions/0003-accounts.md, "Sign-in limits"). Whoever knows an
 * address can use up its tries from their own addresses only, so the owner still signs in from
 * theirs; one address cannot spray many accounts; and a crowd of addresses together still gets
 * no more than a slow trickle of guesses at one account.
 */
const signInLimits = {
  accountFromAddress: { name: "login:account-from-address", limit: 10, windowMs: fifteenMinutes },
  address: { name: "login:address", limit: 30, windowMs: fifteenMinutes },
  account: { name: "login:account", limit: 100, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimit>;

type Refusal = { message: string; retryAfterSeconds: number };

function translatedRefusal(context: Readonly<RouterContextProvider>, verdict: RateLimitVerdict, messageKey: string): Refusal | null {
  if (verdict.allowed) return null;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  return { message: getInstance(context).t(messageKey, { minutes }), retryAfterSeconds: verdict.retryAfterSeconds };
}

/**
 * The translated refusal when `action` is over `limit` for this client or account, else null. The
 * action names the counters, so forms that share a limit are still counted apart.
 */
export async function rateLimitRefusal(
  context: Readonly<RouterContextProvider>,
  limit: RateLimit,
  action: string,
  account?: string,
  messageKey = "account:errors.tooManyAttempts",
): Promise<Refusal | null> {
  const attempts: Array<readonly [RateLimit, string]> = [[limit, `${action}:ip:${context.get(clientAddressContext)}`]];
  if (account) attempts.push([limit, `${action}:account:${account.toLowerCase()}`]);
  return translatedRefusal(context, await platformOf(context).rateLimiter.hit(attempts), messageKey);
}

/** The translated refusal when this sign-in attempt is over one of its limits, else null. */
export async function loginRefusal(context: Readonly<RouterContextProvider>, email: string): Promise<Refusal | null> {
  const address = context.get(clientAddressContext);
  const account = normaliseEmail(email);
  const verdict = await platformOf(context).rateLimiter.hit([
    [signInLimits.accountFromAddress, `${account} from ${address}`],
    [signInLimits.address, address],
    [signInLimits.account, account],
  ]);
  return translatedRefusal(context, verdict, "account:errors.tooManyAttempts");
}

export type FieldErrors = Partial<Record<string, string>>;

export async function registerWithPassword(db: AppDatabase, values: { email: string; name: string; nickname: string; password: string }) {
  const errors: FieldErrors = {};
  if (await findUserByEmail(db, values.email)) errors.email = "errors.emailTaken";
  if (await findUserByNickname(db, values.nickname)) errors.nickname = "errors.nicknameTaken";
  if (await isGuessablePassword(values.password, [values.email, values.name, values.nickname])) {
    errors.password = "errors.guessablePassword";
  }
  if (Object.keys(errors).length > 0) return { ok: false as const, errors };
  const user = await createUser(db, {
    email: values.email,
    name: values.name,
    nickname: values.nickname,
    passwordHash: await hashPassword(values.password),
  });
  return { ok: true as const, user };
}

export type PasswordLoginResult =
  { ok: true; user: User; needsSecondFactor: boolean } | { ok: false; field: "email" | "password"; error: string };

export async function loginWithPassword(db: AppDatabase, email: string, password: string): Promise<PasswordLoginResult> {
  const user = await findUserByEmail(db, email);
  const passwordHash = user?.loginMethod === "email" ? user.passwordHash : null;
  // An unknown address or an OAuth account is checked too, against a hash nothing matches: every
  // answer takes one argon2 check, so its timing does not tell which addresses have accounts.
  const matches = await verifyPassword(passwordHash ?? (await unmatchableHash()), password);
  if (!user) return { ok: false, field: "email", error: "errors.userNotFoundWithEmail" };
  if (!passwordHash) return { ok: false, field: "email", error: "errors.invalidLoginMethod" };
  if (!matches) return { ok: false, field: "password", error: "errors.incorrectPassword" };
  return { ok: true, user, needsSecondFactor: user.twoFactorEnabled };
}

/** The second step: a current authenticator code, or an unused backup code. */
export function verifySecondFactor(db: AppDatabase, user: User, code: string, now: number): Promise<boolean> {
  return /^\d{6}$/.test(code.trim()) ? verifyTotp(db, user, code.trim(), now) : useBackupCode(db, user.id, code, now);
}

export async function changePassword(
  db: AppDatabase,
  user: User,
  passwords: { current: string; next: string },
  now: number,
): Promise<{ ok: true } | { ok: false; errors: FieldErrors }> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, passwords.current))) {
    return { ok: false, errors: { currentPassword: "errors.incorrectCurrentPassword" } };
  }
  if (await isGuessablePassword(passwords.next, [user.email, user.name, user.nickname])) {
    return { ok: false, errors: { newPassword: "errors.guessablePassword" } };
  }
  const passwordHash = await hashPassword(passwords.next);
  await db.transaction(async (tx) => {
    const { users } = tx.tables;
    await tx.orm.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    // Every device signs in again with the new password.
    await revokeAllSessions(tx, user.id, now);
  });
  return { ok: true };
}
