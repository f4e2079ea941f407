import { z } from "zod";

/**
 * Free text people write (titles, descriptions). No keyboard types a control character (tab and
 * line breaks aside), and U+FFFD or a lone surrogate is what is left of bytes that were not valid
 * text on the way in: the stored text would be garbage.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const unreadable = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]|\p{Cs}/u;

export const isReadableText = (text: string) => !unreadable.test(text);

/** False for text made only of spaces and invisible characters (zero-width, direction marks): it shows as empty. */
export const hasVisibleText = (text: string) => /[^\s\p{Cf}]/u.test(text);

export const unreadableTextError = "common:messages.unreadableText";

/** An optional free-text field: only unreadable characters are refused. */
export const readableText = (text: z.ZodString) => text.refine(isReadableText, { error: unreadableTextError });

/**
 * A required free-text field: text that only looks empty gets its `emptyError` (its "required"
 * message), which its own minimum length already gives to truly empty text.
 */
export const requiredText = (text: z.ZodString, emptyError: string) =>
  readableText(text.refine((value) => value === "" || hasVisibleText(value), { error: emptyError }));

/** A required, trimmed free-text field of at most `max` characters, with its two messages. */
export const requiredTextField = (max: number, messages: { required: string; tooLong: string }) =>
  requiredText(
    z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(max, { error: messages.tooLong }),
    messages.required,
  );
