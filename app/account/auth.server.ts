import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { users, type User } from "../../db/schema";
import { getInstance } from "~/i18n/middleware.server";
import { getDb } from "~/platform/db.server";
import { hitAll, LegacyRateLimiter as RateLimiter, type RateLimitVerdict } from "~/platform/rate-limit.server";
import { clientAddressContext } from "~/platform/request-context";
import { isGuessablePassword } from "./password-strength.server";
import { hashPassword, unmatchableHash, verifyPassword } from "./password.server";
import { revokeAllSessions } from "./tokens.server";
import { remainingBackupCodes, useBackupCode, verifyTotp } from "./two-factor.server";
import { createUser, findUserByEmail, findUserByNickname, normaliseEmail } from "./users.server";

const fifteenMinutes = 15 * 60_000;
const oneHour = 60 * 60_000;

/** Per address and per account: 10 tries in 15 minutes is plenty for a person, little for a script. */
export const rateLimits = {
  twoFactor: new RateLimiter(10, fifteenMinutes),
  register: new RateLimiter(5, oneHour),
  passwordChange: new RateLimiter(5, fifteenMinutes),
};

/**
 * Sign-in counts three ways (docs/decisions/0003-accounts.md, "Sign-in limits"). Whoever knows an
 * address can use up its tries from their own addresses only, so the owner still signs in from
 * theirs; one address cannot spray many accounts; and a crowd of addresses together still gets
 * no more than a slow trickle of guesses at one account.
 */
const loginLimits = {
  accountFromAddress: new RateLimiter(10, fifteenMinutes),
  address: new RateLimiter(30, fifteenMinutes),
  account: new RateLimiter(100, oneHour),
};

type Refusal = { message: string; retryAfterSeconds: number };

function translatedRefusal(context: Readonly<RouterContextProvider>, verdict: RateLimitVerdict, messageKey: string): Refusal | null {
  if (verdict.allowed) return null;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  return { message: getInstance(context).t(messageKey, { minutes }), retryAfterSeconds: verdict.retryAfterSeconds };
}

/** The translated refusal when the action is over its limit for this client or account, else null. */
export function rateLimitRefusal(
  limiter: RateLimiter,
  context: Readonly<RouterContextProvider>,
  action: string,
  account?: string,
  messageKey = "account:errors.tooManyAttempts",
): Refusal | null {
  const keys = [`${action}:ip:${context.get(clientAddressContext)}`];
  if (account) keys.push(`${action}:account:${account.toLowerCase()}`);
  return translatedRefusal(context, limiter.hit(...keys), messageKey);
}

/** The translated refusal when this sign-in attempt is over one of its limits, else null. */
export function loginRefusal(context: Readonly<RouterContextProvider>, email: string): Refusal | null {
  const address = context.get(clientAddressContext);
  const account = normaliseEmail(email);
  const verdict = hitAll(
    [loginLimits.accountFromAddress, `${account} from ${address}`],
    [loginLimits.address, address],
    [loginLimits.account, account],
  );
  return translatedRefusal(context, verdict, "account:errors.tooManyAttempts");
}

export type FieldErrors = Partial<Record<string, string>>;

export async function registerWithPassword(values: { email: string; name: string; nickname: string; password: string }) {
  const db = getDb();
  const errors: FieldErrors = {};
  if (findUserByEmail(db, values.email)) errors.email = "errors.emailTaken";
  if (findUserByNickname(db, values.nickname)) errors.nickname = "errors.nicknameTaken";
  if (isGuessablePassword(values.password, [values.email, values.name, values.nickname])) {
    errors.password = "errors.guessablePassword";
  }
  if (Object.keys(errors).length > 0) return { ok: false as const, errors };
  const user = createUser(db, {
    email: values.email,
    name: values.name,
    nickname: values.nickname,
    passwordHash: await hashPassword(values.password),
  });
  return { ok: true as const, user };
}

export type PasswordLoginResult =
  { ok: true; user: User; needsSecondFactor: boolean } | { ok: false; field: "email" | "password"; error: string };

export async function loginWithPassword(email: string, password: string): Promise<PasswordLoginResult> {
  const user = findUserByEmail(getDb(), email);
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
export function verifySecondFactor(user: User, code: string): boolean {
  const db = getDb();
  return /^\d{6}$/.test(code.trim()) ? verifyTotp(db, user, code.trim()) : useBackupCode(db, user.id, code);
}

export async function changePassword(
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<{ ok: true } | { ok: false; errors: FieldErrors }> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    return { ok: false, errors: { currentPassword: "errors.incorrectCurrentPassword" } };
  }
  if (isGuessablePassword(newPassword, [user.email, user.name, user.nickname])) {
    return { ok: false, errors: { newPassword: "errors.guessablePassword" } };
  }
  const db = getDb();
  db.update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, user.id))
    .run();
  // Every device signs in again with the new password.
  revokeAllSessions(db, user.id);
  return { ok: true };
}

export function backupCodesLeft(userId: number) {
  return remainingBackupCodes(getDb(), userId);
}
