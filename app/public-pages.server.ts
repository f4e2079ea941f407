import { sessionOfAccessCookie } from "./account/session.server";
import { detectLanguage } from "./i18n/middleware.server";
import { languageQueryParam } from "./i18n/languages";
import { calendarQueryParams } from "./market/calendar-month";
import { compareQueryParams } from "./market/compare";
import { defaultConverterInput } from "./market/converter";
import {
  cryptoListSearch,
  homeTableSearch,
  newsSearch,
  pagedSearch,
  stockDetailSearch,
  stockListSearch,
} from "./screens/list-search.server";
import { screenerParams } from "./screens/screener-query.server";
import type { Platform } from "./platform/context.server";
import type { PageRequest, PageVariant } from "./platform/page-cache.server";
import { readTheme } from "./platform/theme.server";
import { readCryptoCurrency } from "./market/crypto-currency.server";
import { readDemoNoticeDismissed } from "./market/demo-notice.server";
import { chartSeriesParam, chartTypeParam } from "./lib/chart-params";
import { chartRangeParam } from "./market/chart-range";

const chartParams = [chartRangeParam, chartTypeParam, chartSeriesParam];
const noParams: readonly string[] = [];

/**
 * The pages every visitor sees alike, with the query parameters each one's loader and view read.
 * Nothing else in a query string changes them.
 */
const publicPages: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/$/, Object.keys(homeTableSearch.shape)],
  [/^\/cryptos$/, Object.keys(cryptoListSearch.shape)],
  [/^\/cryptos\/[^/]+$/, chartParams],
  [/^\/stocks$/, Object.keys(stockListSearch.shape)],
  [/^\/stocks\/[^/]+$/, [...Object.keys(stockDetailSearch.shape), ...chartParams]],
  [/^\/screener$/, screenerParams],
  [/^\/news$/, Object.keys(newsSearch.shape)],
  [/^\/currency-converter$/, Object.keys(defaultConverterInput)],
  [/^\/calendar$/, calendarQueryParams],
  [/^\/compare$/, compareQueryParams],
  [/^\/release-notes$/, Object.keys(pagedSearch.shape)],
  [/^\/release-notes\/(?!rss\.xml$)[^/]+$/, noParams],
  [/^\/(?:team|faq|about-us|about-data|more|privacy-policy|cookie-policy)$/, noParams],
];

/** React Router's data requests name the routes whose loaders they want. */
const dataRequestParams = ["_routes"];

function pageParams(path: string): readonly string[] | undefined {
  const isData = path.endsWith(".data");
  const pagePath = path === "/_root.data" ? "/" : isData ? path.slice(0, -".data".length) : path;
  const params = publicPages.find(([pattern]) => pattern.test(pagePath))?.[1];
  return params && isData ? [...params, ...dataRequestParams] : params;
}

/**
 * The pages that show one person's data and only read it, kept per session in the personal page
 * cache. Every query parameter counts: the cache is the session's own. Administrators' screens
 * show everyone's latest writes, and are not kept.
 */
const personalPages: readonly RegExp[] = [
  /^\/user$/,
  /^\/user\/favorite-items$/,
  /^\/user\/register-tables(?:\/[^/]+)?$/,
  /^\/chat$/,
  /^\/auth\/me$/,
];

function isPersonalPage(path: string): boolean {
  const pagePath = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  return personalPages.some((pattern) => pattern.test(pagePath));
}

/**
 * The page-cache variant of a request for a public page: its path with only the parameters the
 * page reads, the language it will be shown in, the theme, the crypto price currency and whether the
 * demonstration-data notice was dismissed. A `?lng=` choice is rendered for
 * itself, since its answer remembers the choice in a cookie.
 */
export async function publicPageVariant(request: PageRequest): Promise<PageVariant | null> {
  const { pathname: path, searchParams: query } = new URL(request.url);
  const params = pageParams(path);
  if (!params) return null;
  if (query.has(languageQueryParam)) return null;
  const kept = new URLSearchParams([...query].filter(([name]) => params.includes(name)));
  return variantFor(request, kept.size > 0 ? `${path}?${kept}` : path);
}

/**
 * The personal page-cache variant of a signed-in request: a public page as a visitor's variant
 * has it, or one of the personal pages with its whole query, for the session's audience (its
 * family and its user's page version). Null without a valid access token: the render renews it.
 */
export function personalPageVariant(platform: Platform) {
  return async (request: PageRequest): Promise<PageVariant | null> => {
    const { pathname: path, search, searchParams: query } = new URL(request.url);
    if (query.has(languageQueryParam)) return null;
    const variant = isPersonalPage(path) ? await variantFor(request, `${path}${search}`) : await publicPageVariant(request);
    const session = variant && (await sessionOfAccessCookie(platform, request.headers.get("Cookie")));
    if (!variant || !session) return null;
    return { ...variant, audience: `${session.familyId}:${await platform.personalPages.of(session.userId)}` };
  };
}

async function variantFor(request: PageRequest, url: string): Promise<PageVariant> {
  const language = await detectLanguage(request);
  const cookies = request.headers.get("Cookie");
  return {
    url,
    language,
    theme: readTheme(cookies),
    currency: readCryptoCurrency(cookies, language),
    demoNotice: readDemoNoticeDismissed(cookies) ? "dismissed" : "shown",
  };
}
