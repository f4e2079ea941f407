import { createInstance } from "i18next";
import { z } from "zod";
import { fallbackLanguage, type Language } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import {
  defaultSearchScope,
  searchQueryMaxLength,
  searchScopes,
  type SearchResult,
  type SearchScope,
} from "~/ui/search/search-scope";
import { fold } from "./demo/dataset";
import { getMarketService } from "./service.server";

/** Spec section 9. */
const searchLimits = { stocks: 6, cryptos: 7, news: 7 } as const;

/**
 * GET /search's query. Nothing here is worth a 400: a missing or unknown scope falls back to the
 * default, and over-long text is cut to the limit the inputs already enforce in the browser.
 */
const searchParamsSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((text) => text.trim().slice(0, searchQueryMaxLength).trimEnd()),
  scope: z.enum(searchScopes).catch(defaultSearchScope),
});

export function searchParamsFrom(url: URL): { query: string; scope: SearchScope } {
  const { q, scope } = searchParamsSchema.parse({ q: url.searchParams.get("q"), scope: url.searchParams.get("scope") });
  return { query: q, scope };
}

/** The public pages, each with the translation keys of the names people may look it up by. */
const publicPages = [
  { href: "/", names: ["breadcrumb.home", "bottomNav.explore"] },
  { href: "/cryptos", names: ["breadcrumb.segments.cryptos"] },
  { href: "/stocks", names: ["breadcrumb.segments.stocks"] },
  { href: "/news", names: ["breadcrumb.segments.news"] },
  { href: "/currency-converter", names: ["breadcrumb.segments.currency-converter"] },
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

/** Pages whose translated names contain the text, ignoring case and accents. */
export function searchPages(query: string, language: Language): SearchResult[] {
  const t = i18n.getFixedT(language);
  const needle = fold(query);
  return publicPages.flatMap(({ href, names }) => {
    const titles = names.map((key) => t(key));
    const [title = href] = titles;
    return titles.some((name) => fold(name).includes(needle)) ? [{ title, subtitle: href, href }] : [];
  });
}

async function searchStocks(query: string): Promise<SearchResult[]> {
  const { data } = await getMarketService().stockList({ search: query, limit: searchLimits.stocks, page: 1 });
  return data.items.map((stock) => ({
    title: stock.ticker,
    subtitle: stock.name,
    href: `/stocks/${encodeURIComponent(stock.ticker)}`,
    ...(stock.logo && { image: stock.logo }),
  }));
}

async function searchCryptos(query: string): Promise<SearchResult[]> {
  const { data } = await getMarketService().cryptoSearch(query);
  return data.slice(0, searchLimits.cryptos).map((crypto) => ({
    title: crypto.name,
    subtitle: crypto.symbol.toUpperCase(),
    href: `/cryptos/${encodeURIComponent(crypto.id)}`,
    ...(crypto.thumb && { image: crypto.thumb }),
  }));
}

/** The spec filters the crypto news feed by headline here rather than asking the upstream. */
async function searchNews(query: string, language: Language): Promise<SearchResult[]> {
  const { data } = await getMarketService().news("crypto", language);
  const needle = fold(query);
  return data
    .filter((item) => fold(item.headline).includes(needle))
    .slice(0, searchLimits.news)
    .map((item) => ({
      title: item.headline,
      subtitle: item.source,
      href: item.url,
      ...(item.image && { image: item.image }),
    }));
}

/** Results for a trimmed query; none for empty text. Throws when the upstream failed and nothing was cached. */
export async function search(scope: SearchScope, query: string, language: Language): Promise<SearchResult[]> {
  if (!query) return [];
  switch (scope) {
    case "pages":
      return searchPages(query, language);
    case "stocks":
      return searchStocks(query);
    case "cryptos":
      return searchCryptos(query);
    case "news":
      return searchNews(query, language);
  }
}
