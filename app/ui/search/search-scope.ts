/** What the search looks through; shared by the header bar, the /search page and its loader. */
export const searchScopes = ["pages", "cryptos", "stocks", "news"] as const;
export type SearchScope = (typeof searchScopes)[number];
export const defaultSearchScope: SearchScope = "pages";

/** Longer text is cut off: the inputs' maxLength in the browser, the loader on the server. */
export const searchQueryMaxLength = 100;

export type SearchResult = { title: string; subtitle: string; href: string; image?: string };

/** What GET /search answers, to the page and to the header dialog's fetcher alike. */
export type SearchResponse = { scope: SearchScope; query: string; results: SearchResult[]; failed: boolean };

// Spec order: a path naming more than one section searches the first listed here.
const scopedSections = ["cryptos", "news", "stocks"] as const;

/** Spec section 2: a path containing /cryptos, /news or /stocks searches that; any other path, pages. */
export function scopeForPath(pathname: string): SearchScope {
  return scopedSections.find((section) => new RegExp(`/${section}(?:/|$)`).test(pathname)) ?? defaultSearchScope;
}

export function searchHref(scope: SearchScope, query: string): string {
  return `/search?${new URLSearchParams({ q: query, scope })}`;
}

/** News results link to the publisher's site. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
