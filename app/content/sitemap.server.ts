import { supportedLanguages, languageQueryParam } from "~/i18n/languages";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";
import type { MarketService } from "~/market/service.server";

/** The public pages search engines should index (account, admin and search pages are noindex). */
const publicPaths = [
  "/",
  "/cryptos",
  "/stocks",
  "/screener",
  "/news",
  "/currency-converter",
  "/calendar",
  "/compare",
  "/release-notes",
  "/team",
  "/faq",
  "/about-us",
  "/about-data",
  "/more",
  "/privacy-policy",
  "/cookie-policy",
];

/** As many detail pages as the list screens can reach at once. */
const cryptoPageSize = 250;
const stockPageSize = 100;

async function cryptoPaths(market: MarketService, logger: Logger): Promise<string[]> {
  const list = await orUnavailable(logger, market.cryptoList({ page: 1, perPage: cryptoPageSize, order: "market_cap_desc" }));
  return (list?.data.items ?? []).map(({ id }) => `/cryptos/${encodeURIComponent(id)}`);
}

async function stockPaths(market: MarketService, logger: Logger): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; ; page++) {
    const list = await orUnavailable(logger, market.stockList({ page, limit: stockPageSize }));
    const items = list?.data.items ?? [];
    paths.push(...items.map(({ ticker }) => `/stocks/${encodeURIComponent(ticker)}`));
    if (!list || items.length === 0 || page * stockPageSize >= list.data.total) return paths;
  }
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** Every language of a page is the same URL with `?lng=`; pt-BR, the fallback, is the plain URL. */
function urlEntry(publicUrl: string, path: string, lastModified?: Date): string {
  const url = `${publicUrl}${path}`;
  const alternates = supportedLanguages.map(
    (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${url}?${languageQueryParam}=${language}`)}"/>`,
  );
  const modified = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${escapeXml(url)}</loc>${modified}${alternates.join("")}</url>`;
}

/** sitemap.xml: public pages, every crypto and stock detail page the lists show, and published notes. */
export async function sitemapXml(
  market: MarketService,
  logger: Logger,
  publicUrl: string,
  notes: readonly { path: string; updatedAt: Date }[],
): Promise<string> {
  const [cryptos, stocks] = await Promise.all([cryptoPaths(market, logger), stockPaths(market, logger)]);
  const entries = [
    ...[...publicPaths, ...cryptos, ...stocks].map((path) => urlEntry(publicUrl, path)),
    ...notes.map(({ path, updatedAt }) => urlEntry(publicUrl, path, updatedAt)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; private, API and per-visitor pages may not. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [
    "/admin/",
    "/user",
    "/auth/",
    "/proxy/",
    "/chat",
    "/search",
    "/login",
    "/register",
    "/feedback",
    "/favorites",
    "/theme",
    "/currency",
    "/demo-notice",
  ];
  return ["User-agent: *", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
