import { z } from "zod";

/**
 * Lenient building blocks for upstream schemas. Upstreams omit fields, send null, or send numbers
 * as strings; all of that becomes `null` here, while a value of a clearly wrong type (an object
 * where a number belongs) still fails the schema, so the adapter reports a malformed body.
 */

/** A finite number from a number or numeric string; anything else (null, "", "N/A", NaN) is null. */
export function toNumber(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

const numberLike = z.union([z.number(), z.string(), z.null()]).optional();

/** number | null, accepting numeric strings and missing keys. */
export const num = numberLike.transform(toNumber);

/** Trimmed string | null; missing keys and blank strings ("" is how several upstreams say "none") are null. */
export const text = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);

/** An array that may be missing or null, as []. */
export const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((items) => items ?? []);

/** The non-blank strings of an optional array (CoinGecko pads `links.homepage` with "" and `categories` with null). */
export const strings = list(text).transform((items) => items.filter((item): item is string => item !== null));
