import { createInstance } from "i18next";
import { z } from "zod";

import { fallbackLanguage, type Language } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import { fold } from "~/lib/text";
import { type CryptoCurrency, currencyCode } from "~/market/crypto-currency";
import {
  defaultSearchScope,
  type SearchKind,
  searchKinds,
  searchLimits,
  searchQueryMaxLength,
  type SearchResponse,
  type SearchResult,
  type SearchScope,
  searchScopes,
  suggestionLimit,
} from "~/market/search-scope";
import type { MarketService } from "~/market/service.server";
import type { Logger } from "~/platform/logger.server";

import { cryptoUniverse } from "./cryptos.server";

/** The market reads a search needs; tests hand in fakes that fail one kind. */
export type SearchMarket = Pick<MarketService, "cryptoSearch" | "cryptoList" | "stockList" | "news">;

/**
 * GET /search's query. Nothing here is worth a 400: a missing or unknown scope falls back to the
 * general one, and over-long text is cut to the limit the inputs already enforce in the browser.
 */
const searchParamsSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((text) => text.trim().slice(0, searchQueryMaxLength).trimEnd()),
  scope: z.enum(searchScopes).catch(defaultSearchScope),
});

export function searchParamsFrom(url: URL): {
  query: string;
  scope: SearchScope;
} {
  const { q, scope } = searchParamsSchema.parse({
    q: url.searchParams.get("q"),
    scope: url.searchParams.get("scope"),
  });
  return { query: q, scope };
}

/** The public pages, each with the translation keys of the names people may look it up by. */
const publicPages = [
  { href: "/", names: ["breadcrumb.home", "bottomNav.explore"] },
  { href: "/cryptos", names: ["breadcrumb.segments.cryptos"] },
  { href: "/stocks", names: ["breadcrumb.segments.stocks"] },
  { href: "/news", names: ["breadcrumb.segments.news"] },
  {
    href: "/currency-converter",
    names: ["breadcrumb.segments.currency-converter"],
  },
  { href: "/calendar", names: ["breadcrumb.segments.calendar"] },
  { href: "/release-notes", names: ["breadcrumb.segments.release-notes"] },
  { href: "/team", names: ["breadcrumb.segments.team"] },
  { href: "/chat", names: ["breadcrumb.segments.chat", "nav.assistant"] },
  { href: "/faq", names: ["breadcrumb.segments.faq", "nav.faq"] },
  { href: "/about-us", names: ["breadcrumb.segments.about-us"] },
  { href: "/more", names: ["breadcrumb.segments.more", "nav.tools"] },
  { href: "/privacy-policy", names: ["breadcrumb.segments.privacy-policy"] },
  { href: "/cookie-policy", names: ["breadcrumb.segments.cookie-policy"] },
  { href: "/login", names: ["breadcrumb.segments.login"] },
  { href: "/register", names: ["breadcrumb.segments.register"] },
] as const;

// Its own instance: page search takes a language, not a request, so it runs outside the middleware.
const i18n = createInstance({
  resources,
  fallbackLng: fallbackLanguage,
  defaultNS: "common",
  initAsync: false,
  showSupportNotice: false,
});
void i18n.init();

/** A result with how well it matched: 0 exact, 1 prefix, 2 a word's prefix, 3 inside, 4 matched upstream on something we do not see. */
type Match = { result: SearchResult; tier: number };

function matchTier(needle: string, texts: readonly string[]): number {
  const folded = texts.map(fold);
  if (folded.includes(needle)) return 0;
  if (folded.some((text) => text.startsWith(needle))) return 1;
  if (folded.some((text) => text.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(needle)))) return 2;
  if (folded.some((text) => text.includes(needle))) return 3;
  return 4;
}

/** Best matches first; equal matches keep the order they came in (the upstream's relevance). */
const byTier = (matches: Match[]) => [...matches].sort((a, b) => a.tier - b.tier);

/** Pages whose translated names contain the text, ignoring case and accents. */
function findPages(query: string, language: Language): Match[] {
  const t = i18n.getFixedT(language);
  const needle = fold(query);
  return publicPages.flatMap(({ href, names }) => {
    const titles = names.map((key) => t(key));
    const [title = href] = titles;
    return titles.some((name) => fold(name).includes(needle))
      ? [
          {
            result: { kind: "pages", title, subtitle: href, href },
            tier: matchTier(needle, titles),
          },
        ]
      : [];
  });
}

export function searchPages(query: string, language: Language): SearchResult[] {
  return byTier(findPages(query, language)).map(({ result }) => result);
}

async function findStocks(market: SearchMarket, query: string): Promise<Match[]> {
  const { data } = await market.stockList({
    search: query,
    limit: searchLimits.stocks,
    page: 1,
  });
  const needle = fold(query);
  return data.items.map((stock) => ({
    result: {
      kind: "stocks",
      title: stock.ticker,
      subtitle: stock.name,
      href: `/stocks/${encodeURIComponent(stock.ticker)}`,
      ...(stock.logo && { image: stock.logo }),
      quote: {
        price: stock.price,
        change24h: stock.changePercent,
        currency: stock.currency,
      },
    },
    tier: matchTier(needle, [stock.ticker, stock.name]),
  }));
}

/**
 * Search answers carry no prices: they come from the market list the /cryptos page sorts, so a
 * row shows the same price as the lists. A coin outside it (or a list that failed) shows none.
 */
async function findCryptos(market: SearchMarket, logger: Logger, query: string, currency: CryptoCurrency): Promise<Match[]> {
  const [{ data: found }, universe] = await Promise.all([
    market.cryptoSearch(query),
    cryptoUniverse(market, currency).catch((error: unknown) => {
      logger.warn("search: crypto prices unavailable:", String(error));
      return null;
    }),
  ]);
  const listed = new Map(universe?.data.items.map((item) => [item.id, item]));
  const needle = fold(query);
  return found.slice(0, searchLimits.cryptos).map((crypto) => {
    const item = listed.get(crypto.id);
    return {
      result: {
        kind: "cryptos",
        title: crypto.name,
        subtitle: crypto.symbol.toUpperCase(),
        href: `/cryptos/${encodeURIComponent(crypto.id)}`,
        ...(crypto.thumb && { image: crypto.thumb }),
        ...(item && {
          quote: {
            price: item.price,
            change24h: item.change24h,
            currency: currencyCode(currency),
          },
        }),
      },
      tier: matchTier(needle, [crypto.symbol, crypto.name, crypto.id]),
    };
  });
}

/** The spec filters the crypto news feed by headline here rather than asking the upstream. */
async function findNews(market: SearchMarket, query: string, language: Language): Promise<Match[]> {
  const { data } = await market.news("crypto", language);
  const needle = fold(query);
  return data
    .filter((item) => fold(item.headline).includes(needle))
    .slice(0, searchLimits.news)
    .map((item) => ({
      result: {
        kind: "news",
        title: item.headline,
        subtitle: item.source,
        href: item.url,
        ...(item.image && { image: item.image }),
      },
      // A headline is never the thing itself: an asset or page named by the text comes first.
      tier: Math.max(3, matchTier(needle, [item.headline])),
    }));
}

function find(
  market: SearchMarket,
  logger: Logger,
  kind: SearchKind,
  query: string,
  language: Language,
  currency: CryptoCurrency,
): Promise<Match[]> {
  switch (kind) {
    case "pages":
      return Promise.resolve(byTier(findPages(query, language)).slice(0, searchLimits.pages));
    case "cryptos":
      return findCryptos(market, logger, query, currency);
    case "stocks":
      return findStocks(market, query);
    case "news":
      return findNews(market, query, language);
  }
}

/**
 * Searches the scope's kinds at once. A kind whose upstream fails (with nothing cached) becomes a
 * failed section and the others still answer; `failed` says every kind failed.
 */
export async function search(
  market: SearchMarket,
  logger: Logger,
  scope: SearchScope,
  query: string,
  language: Language,
  /** The visitor's crypto price currency, as the lists show it. */
  currency: CryptoCurrency,
): Promise<SearchResponse> {
  if (!query) return { scope, query, suggestions: [], sections: [], failed: false };
  const kinds = scope === "all" ? searchKinds : [scope];
  const found = await Promise.all(
    kinds.map((kind) =>
      find(market, logger, kind, query, language, currency).then(
        (matches) => ({ kind, matches: byTier(matches), failed: false }),
        (error: unknown) => {
          logger.error(`search failed (${kind}):`, error);
          return { kind, matches: [], failed: true };
        },
      ),
    ),
  );
  // Across kinds: the better match first, then the kind's place in the list, then the kind's own order.
  const suggestions = found
    .flatMap(({ matches }, kindIndex) => matches.map((match, position) => ({ ...match, kindIndex, position })))
    .sort((a, b) => a.tier - b.tier || a.kindIndex - b.kindIndex || a.position - b.position)
    .slice(0, suggestionLimit)
    .map(({ result }) => result);
  const sections = found.map(({ kind, matches, failed }) => ({
    kind,
    failed,
    results: matches.map(({ result }) => result).filter((result) => !suggestions.includes(result)),
  }));
  return {
    scope,
    query,
    suggestions,
    sections,
    failed: found.every((section) => section.failed),
  };
}
