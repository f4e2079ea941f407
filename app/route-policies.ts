import { feedbackLimits } from "./content/feedback-schema";
import { chartSeriesParam, chartTypeParam } from "./lib/chart-params";
import { calendarQueryParams } from "./market/calendar-month";
import { chartRangeParam } from "./market/chart-range";
import { compareQueryParams } from "./market/compare";
import { defaultConverterInput } from "./market/converter";
import type { RoutePolicies } from "./platform/route-table.server";
import {
  cryptoListSearch,
  homeTableSearch,
  newsSearch,
  pagedSearch,
  stockDetailSearch,
  stockListSearch,
} from "./screens/list-search.server";
import { screenerParams } from "./screens/screener-query.server";

const chartParams = [chartRangeParam, chartTypeParam, chartSeriesParam];
/** Release notes are long texts. */
const releaseNoteBodyLimit = 256 * 1024;

/**
 * What each route of app/routes.ts is, by its route id (its file without the extension): how its
 * answers may be kept (public pages with the query parameters their loader and view read), how
 * large a body it reads, whether search engines may index it, and example paths for the tests. The
 * server's entry point, the page caches, the private-answer middleware, meta robots, robots.txt,
 * the sitemap and the end-to-end sweeps all read this table; a route missing from it is private
 * (and tests/unit/route-policies.test.ts fails until it is declared).
 */
export const routePolicies = {
  "routes/home": { cache: "public", params: Object.keys(homeTableSearch.shape), robots: "index" },
  "routes/about-us": { cache: "public", params: [], robots: "index" },
  "routes/about-data": { cache: "public", params: [], robots: "index" },
  "routes/more": { cache: "public", params: [], robots: "index" },
  "routes/privacy-policy": { cache: "public", params: [], robots: "index" },
  "routes/cookie-policy": { cache: "public", params: [], robots: "index" },
  "routes/faq": { cache: "public", params: [], robots: "index" },
  "routes/cryptos": { cache: "public", params: Object.keys(cryptoListSearch.shape), robots: "index" },
  "routes/crypto": { cache: "public", params: chartParams, robots: "index", examples: ["/cryptos/bitcoin"] },
  "routes/stocks": {
    cache: "public",
    params: Object.keys(stockListSearch.shape),
    robots: "index",
    examples: ["/stocks", "/stocks?type=fund"],
  },
  "routes/stock": {
    cache: "public",
    params: [...Object.keys(stockDetailSearch.shape), ...chartParams],
    robots: "index",
    examples: ["/stocks/PETR4"],
  },
  "routes/screener": { cache: "public", params: screenerParams, robots: "index", examples: ["/screener", "/screener?type=fund&dyMin=abc"] },
  "routes/screener-csv": { cache: "own", robots: "noindex" },
  "routes/news": { cache: "public", params: Object.keys(newsSearch.shape), robots: "index", examples: ["/news", "/news?category=crypto"] },
  "routes/theme": { cache: "own" },
  "routes/currency": { cache: "own" },
  "routes/demo-notice": { cache: "own" },
  "routes/healthz": { cache: "own", robots: "noindex" },
  "routes/readyz": { cache: "own", robots: "noindex" },
  "routes/metrics": { cache: "own", robots: "noindex" },
  "routes/proxy/openapi": { cache: "own" },
  "routes/proxy/stocks": { cache: "own" },
  "routes/proxy/stock": { cache: "own" },
  "routes/proxy/cryptos": { cache: "own" },
  "routes/proxy/crypto-search": { cache: "own" },
  "routes/proxy/crypto-trending": { cache: "own" },
  "routes/proxy/crypto": { cache: "own" },
  "routes/proxy/crypto-chart": { cache: "own" },
  "routes/proxy/news": { cache: "own" },
  "routes/proxy/currencies": { cache: "own" },
  "routes/proxy/ai": { cache: "own" },
  "routes/chat": { cache: "personal" },
  "routes/chat-stream": { cache: "private" },
  "routes/search": { cache: "own", examples: ["/search?q=petro"] },
  "routes/search-results": { cache: "own" },
  "routes/release-notes": { cache: "public", params: Object.keys(pagedSearch.shape), robots: "index" },
  "routes/release-notes-rss": { cache: "own", robots: "noindex" },
  "routes/release-note": { cache: "public", params: [], robots: "index", examples: ["/release-notes/1"] },
  "routes/admin-release-notes": { cache: "private", bodyLimit: releaseNoteBodyLimit },
  "routes/admin-release-note": { cache: "private", bodyLimit: releaseNoteBodyLimit, examples: ["/admin/release-notes/new"] },
  "routes/team": { cache: "public", params: [], robots: "index" },
  "routes/currency-converter": { cache: "public", params: Object.keys(defaultConverterInput), robots: "index" },
  "routes/calendar": { cache: "public", params: calendarQueryParams, robots: "index" },
  "routes/compare": {
    cache: "public",
    params: compareQueryParams,
    robots: "index",
    examples: ["/compare?a=PETR4&a=bitcoin&a=ibov&a=cdi&a=ipca&range=1y"],
  },
  "routes/robots": { cache: "own", robots: "noindex" },
  "routes/sitemap": { cache: "own", robots: "noindex" },
  "routes/auth-refresh": { cache: "private" },
  "routes/auth-me": { cache: "personal" },
  "routes/auth-github": { cache: "private" },
  "routes/github-redirect": { cache: "own", robots: "noindex" },
  "routes/auth-google": { cache: "private" },
  "routes/auth-google-callback": { cache: "private" },
  "routes/register": { cache: "own" },
  "routes/login": { cache: "own" },
  "routes/login-two-fa": { cache: "private" },
  "routes/logout": { cache: "own", robots: "noindex" },
  "routes/user": { cache: "personal" },
  "routes/admin-users": { cache: "private" },
  "routes/favorite": { cache: "private" },
  "routes/favorite-items": { cache: "personal" },
  "routes/register-tables": { cache: "personal" },
  "routes/register-table": { cache: "personal", examples: ["/user/register-tables/1"] },
  "routes/register-table-csv": { cache: "private", examples: ["/user/register-tables/1/csv"] },
  "routes/feedback": { cache: "private", bodyLimit: feedbackLimits.maxBodyBytes },
  "routes/admin-feedback": { cache: "private" },
  "routes/feedback-image": { cache: "private", examples: ["/admin/feedback/images/1"] },
  "routes/not-found": { cache: "private", examples: ["/missing-page"] },
} satisfies RoutePolicies;
