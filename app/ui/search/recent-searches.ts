import type { SearchScope } from "~/market/search-scope";

/** Spec section 9: 4 entries, newest first, no duplicates; one list per scope (section 3). */
const recentSearchLimit = 4;

export const recentSearchesKey = (scope: SearchScope) => `recentSearches:${scope}`;

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;
/** A getter, because reading `window.localStorage` itself throws when storage is blocked. */
type StoreGetter = () => KeyValueStore;

/** A stored list as we wrote it; anything else stored under the key (edited, corrupt) reads as empty or trimmed. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries = value.filter((item): item is string => typeof item === "string" && item.trim() !== "");
  // Re-adding oldest to newest drops duplicates and extras exactly as recording searches does.
  return entries.reduceRight<string[]>((list, entry) => withRecentSearch(list, entry), []);
}

/** The list with `query` first; the same text in another case counts as a duplicate. */
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const entry = query.trim();
  if (!entry) return [...list];
  const same = entry.toLowerCase();
  return [entry, ...list.filter((item) => item.toLowerCase() !== same)].slice(0, recentSearchLimit);
}

export function loadRecentSearches(store: StoreGetter, scope: SearchScope): string[] {
  try {
    return parseRecentSearches(store().getItem(recentSearchesKey(scope)));
  } catch {
    return [];
  }
}

/** Records a search and returns the new list; without usable storage the list is simply not kept. */
export function rememberSearch(store: StoreGetter, scope: SearchScope, query: string): string[] {
  const list = withRecentSearch(loadRecentSearches(store, scope), query);
  try {
    store().setItem(recentSearchesKey(scope), JSON.stringify(list));
  } catch {
    // Quota exceeded or storage blocked: searching still works.
  }
  return list;
}
