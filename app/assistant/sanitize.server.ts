import { htmlPurifier } from "~/platform/html-purifier.server";

/** Everything is text: no tag survives, their text content does. */
const textOnly = { ALLOWED_TAGS: [] as string[], ALLOWED_ATTR: [] as string[], KEEP_CONTENT: true };

// DOMPurify returns serialised HTML: these are the only entities it writes for plain text.
const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": "\u00a0" };

/**
 * Markup removed from a text, which stays plain text (a "<" that starts no tag is kept). Repeated
 * until stable, so decoding "&lt;script&gt;" cannot smuggle a tag through.
 */
export function sanitizeText(text: string): string {
  let current = text;
  for (let pass = 0; pass < 5 && /[<&]/.test(current); pass++) {
    // Without a "<" DOMPurify gives the text back as it is, so the DOM is not even loaded for it.
    const sanitized = current.includes("<") ? htmlPurifier().sanitize(current, textOnly) : current;
    const next = sanitized.replace(/&(?:amp|lt|gt|nbsp);/g, (entity) => entities[entity] ?? entity);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Spec section 5: prompts and replies are sanitised recursively over strings, arrays and objects. */
export function sanitizeDeep<T>(value: T): T {
  if (typeof value === "string") return sanitizeText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => sanitizeDeep(item)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sanitizeDeep(item)])) as T;
  }
  return value;
}
