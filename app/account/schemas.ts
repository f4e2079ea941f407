import { z } from "zod";

/**
 * One schema per account form, used by the action (authoritative) and by Conform in the browser.
 * Messages are translation keys of the "account" namespace.
 */

const email = z
  .string({ error: "errors.required" })
  .trim()
  .max(254, { error: "errors.invalidEmail" })
  .pipe(z.email({ error: "errors.invalidEmail" }));

const name = z
  .string({ error: "errors.required" })
  .trim()
  .min(2, { error: "errors.invalidName" })
  .max(80, { error: "errors.invalidName" })
  .regex(/^[\p{L}][\p{L}\p{M}' .-]*$/u, { error: "errors.invalidName" });

const nickname = z
  .string({ error: "errors.required" })
  .trim()
  .min(3, { error: "errors.invalidNickname" })
  .max(30, { error: "errors.invalidNickname" })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: "errors.invalidNickname" });

/** Long enough for any passphrase, short enough that nobody makes argon2 hash megabytes. */
const passwordMaxLength = 256;

/** From this length a password is a passphrase: its words make it strong, not its symbols. */
const passphraseMinLength = 20;

const composed = (password: string) => /\p{L}/u.test(password) && /\d/.test(password) && /[^\p{L}\d\s]/u.test(password);

/**
 * Spec section 5: at least 8 characters, with a letter, a number and a special character; a
 * passphrase of 20 or more characters needs no number or symbol. The action also refuses
 * guessable passwords (password-strength.server.ts), which only the server can tell.
 */
const newPassword = z
  .string({ error: "errors.required" })
  .min(8, { error: "errors.weakPassword" })
  .max(passwordMaxLength, { error: "errors.passwordTooLong" })
  .refine((password) => password.length >= passphraseMinLength || composed(password), { error: "errors.weakPassword" });

const currentPassword = z
  .string({ error: "errors.required" })
  .min(1, { error: "errors.required" })
  .max(passwordMaxLength, { error: "errors.passwordTooLong" });

const redirectTo = z.string().max(500).optional();

export const registerSchema = z
  .object({
    email,
    name,
    nickname,
    password: newPassword,
    confirmPassword: z.string({ error: "errors.required" }),
    /** A field people never see: bots fill it in. */
    website: z.string().max(0, { error: "errors.botDetected" }).optional(),
    redirectTo,
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    error: "errors.passwordsDiffer",
  });

export const loginSchema = z.object({ email, password: currentPassword, redirectTo });

/** A 6-digit authenticator code or a backup code such as 7K3Q-M9XP. */
export const twoFactorLoginSchema = z.object({
  code: z
    .string({ error: "errors.required" })
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, { error: "errors.invalidCode" }),
  redirectTo,
});

export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: "errors.required" })
    .trim()
    .regex(/^\d{6}$/, { error: "errors.invalidCode" }),
});

export const profileSchema = z.object({ name, nickname, email: email.optional() });

/** Email-login accounts keep an address; Google and GitHub accounts have none to edit. */
export const emailProfileSchema = profileSchema.extend({ email });

export const passwordChangeSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string({ error: "errors.required" }) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    error: "errors.passwordsDiffer",
  });

export const themePreferenceSchema = z.object({ theme: z.enum(["dark", "light"]) });

/** Turning two-factor off needs proof: the password (email accounts) or a current code. */
export const twoFactorDisableSchema = z.object({
  password: z.string().max(passwordMaxLength).optional(),
  code: z.string().trim().max(9).optional(),
});

export const deleteAccountSchema = z.object({
  confirm: z.literal("on", { error: "errors.confirmDelete" }),
  password: z.string().max(passwordMaxLength).optional(),
});
