import { z } from "zod";

import type { Platform } from "~/platform/context.server";
import type { Env } from "~/platform/env.server";
import { redirectWithCookies } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";

import type { User } from "../../db/schema";
import type { FieldErrors } from "./auth.server";
import { pendingTwoFactorCookie, type SessionServices, signInCookies } from "./session.server";
import { hashToken } from "./tokens.server";
import { findUserById, type SessionUser } from "./users.server";

/** Where a sign-in lands when the form did not say. */
export const afterSignInPath = "/user";

/** Starts a session and goes back to where the visitor was heading (local paths only). */
export async function signInRedirect(
  services: SessionServices,
  user: SessionUser,
  redirectTo: string | undefined,
  extraCookies: string[] = [],
) {
  const cookies = await signInCookies(services, user);
  return redirectWithCookies(safeRedirectPath(redirectTo, afterSignInPath), [...cookies, ...extraCookies]);
}

/** Domain functions name one error key per field; Conform replies with a list per field. */
export function fieldErrorLists(errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, key]) => (key ? [[field, [key]]] : [])));
}

const pendingSchema = z.object({ userId: z.number().int(), passwordStamp: z.string(), redirectTo: z.string().optional() });

/**
 * Changes with every password change (each argon2 hash has its own salt), so a sign-in waiting
 * for its code does not outlive the password it was started with. A digest, not the hash itself:
 * the cookie is signed, not encrypted.
 */
const passwordStamp = (user: Pick<User, "passwordHash">) => hashToken(user.passwordHash ?? "").slice(0, 32);

/** Password accepted, code still to come: who is signing in and where they were heading. */
export async function readPendingSecondFactor(
  { db, config }: Pick<Platform, "db" | "config">,
  request: Request,
): Promise<{ user: User; redirectTo?: string } | null> {
  const parsed = pendingSchema.safeParse(await pendingTwoFactorCookie(config).parse(request.headers.get("Cookie")));
  if (!parsed.success) return null;
  const user = await findUserById(db, parsed.data.userId);
  if (!user || passwordStamp(user) !== parsed.data.passwordStamp) return null;
  return { user, redirectTo: parsed.data.redirectTo };
}

export async function pendingSecondFactorRedirect(config: Env, user: User, redirectTo: string | undefined) {
  const pending = { userId: user.id, passwordStamp: passwordStamp(user), redirectTo };
  return redirectWithCookies("/login/two-fa", [await pendingTwoFactorCookie(config).serialize(pending)]);
}

export async function clearPendingSecondFactor(config: Env) {
  return pendingTwoFactorCookie(config).serialize("", { maxAge: 0 });
}
