/**
 * What the search looks through and what it answers; shared by the header dialog, the /search page
 * and the server, so it lives outside ui/ and imports nothing from the server.
 */

/** The kinds of things a search finds, in the order the general scope shows its sections. */
export const searchKinds = ["pages", "cryptos", "stocks", "news"] as const;
export type SearchKind = (typeof searchKinds)[number];

/** "all" is the general scope: every kind at once. The others search one kind. */
export const searchScopes = ["all", ...searchKinds] as const;
export type SearchScope = (typeof searchScopes)[number];
export const defaultSearchScope: SearchScope = "all";

/** Spec section 9 for stocks, cryptos and news; pages are few, and the general scope wants room for assets. */
export const searchLimits: Record<SearchKind, number> = {
  pages: 3,
  cryptos: 7,
  stocks: 6,
  news: 7,
};
/** Spec section 9: "Suggestions show 2 items". */
export const suggestionLimit = 2;

/** Longer text is cut off: the inputs' maxLength in the browser, the loader on the server. */
export const searchQueryMaxLength = 100;

/** An asset's price and 24 h change in percent, at the same instant the lists show. */
type SearchQuote = {
  price: number | null;
  change24h: number | null;
  currency: string;
};

export type SearchResult = {
  kind: SearchKind;
  title: string;
  subtitle: string;
  href: string;
  image?: string;
  quote?: SearchQuote;
};

/** One kind's results; `failed` when its upstream could not answer (the other kinds still show). */
type SearchSection = {
  kind: SearchKind;
  results: SearchResult[];
  failed: boolean;
};

/**
 * What a search answers, to the page and to the header dialog alike. The best matches across kinds
 * are `suggestions` and are not repeated in their section. `failed` when every searched kind failed.
 */
export type SearchResponse = {
  scope: SearchScope;
  query: string;
  suggestions: SearchResult[];
  sections: SearchSection[];
  failed: boolean;
};

// Spec order: a path naming more than one section searches the first listed here.
const scopedSections = ["cryptos", "news", "stocks"] as const;

/** Spec section 2: a path containing /cryptos, /news or /stocks searches that; any other path, everything. */
export function scopeForPath(pathname: string): SearchScope {
  return scopedSections.find((section) => new RegExp(`/${section}(?:/|$)`).test(pathname)) ?? defaultSearchScope;
}

/** The /search page (the form without JavaScript). */
export function searchHref(scope: SearchScope, query: string): string {
  return `/search?${new URLSearchParams({ q: query, scope })}`;
}

/** The same search as JSON, for the header dialog. */
export function searchResultsHref(scope: SearchScope, query: string, language: string): string {
  return `/search/results?${new URLSearchParams({ q: query, scope, lng: language })}`;
}

/** News results link to the publisher's site. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
