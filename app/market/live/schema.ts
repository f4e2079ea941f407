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

/**
 * A number > 0, else null. CoinGecko says "unknown" with 0 (market cap, supply, volume, price of a
 * coin nobody trades), and no listed asset is really worth nothing, so 0 never reaches a screen.
 */
export const positive = num.transform((value) => (value !== null && value > 0 ? value : null));

/** CoinGecko's placeholders for a coin without a logo: `missing_large.png`, relative or on its own host. */
const placeholderImage = /(^|\/)missing_[a-z]+\.png$/i;

/** Whether `value` is an absolute http(s) URL: anything else would resolve against the app's own pages. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** An image to show, or null: blanks, relative paths and placeholder images are no image at all. */
export const imageUrl = text.transform((value) =>
  value !== null && isHttpUrl(value) && !placeholderImage.test(new URL(value).pathname) ? value : null,
);

/** A required link: an absolute http(s) URL. */
export const httpUrl = z.string().trim().refine(isHttpUrl, "not an absolute http(s) URL");

/**
 * Where the parse running now puts the items it drops. Parsing is synchronous, so one collector at
 * a time is enough; outside `parseCollectingDrops` nothing is collected.
 */
let collecting: string[] | undefined;

/** `schema.safeParse(value)`, with a "feed: dropped …" line for every item `keepValidItems` dropped on the way. */
export function parseCollectingDrops<S extends z.ZodType>(schema: S, value: unknown) {
  const outer = collecting;
  const drops: string[] = [];
  collecting = drops;
  try {
    return { parsed: schema.safeParse(value), drops };
  } finally {
    collecting = outer;
  }
}

function itemLabel(value: unknown, index: number) {
  const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const key = ["id", "symbol", "url"].find((name) => ["string", "number"].includes(typeof record[name]));
  return key ? `the item with ${key} ${String(record[key])}` : `item ${index}`;
}

/**
 * The items of `values` that match `item`, each checked on its own: a malformed item is dropped
 * and reported to `parseCollectingDrops` (`feed` names the provider and endpoint), the rest are kept. When no item of a
 * non-empty list matches, the feed itself changed shape, and that is an error for the whole body.
 */
export function keepValidItems<T extends z.ZodType>(values: unknown[], item: T, feed: string, context: z.RefinementCtx): z.output<T>[] {
  const kept: z.output<T>[] = [];
  const dropped: string[] = [];
  values.forEach((value, index) => {
    const parsed = item.safeParse(value);
    if (parsed.success) kept.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      dropped.push(`${itemLabel(value, index)}: ${issue ? `${issue.path.join(".") || "item"} ${issue.message}` : "invalid"}`);
    }
  });
  if (values.length > 0 && kept.length === 0) {
    context.addIssue({ code: "custom", message: `no valid item (${dropped[0]})` });
  } else {
    for (const reason of dropped) collecting?.push(`${feed}: dropped ${reason}`);
  }
  return kept;
}

/** An array checked item by item (see keepValidItems). */
export const validItems = <T extends z.ZodType>(item: T, feed: string) =>
  z.array(z.unknown()).transform((values, context) => keepValidItems(values, item, feed, context));
