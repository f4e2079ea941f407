import { languageQueryParam, supportedLanguages } from "~/i18n/languages";
import type { MarketService } from "~/market/service.server";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";
import type { RouteEntry } from "~/platform/route-table.server";

/** A route's path up to where its first parameter begins (`/cryptos/` of `/cryptos/:crypto`), or all of it. */
function staticPart({ pattern }: RouteEntry): { prefix: string; exact: boolean } {
  const parameter = pattern.search(/\/[:*]/);
  return parameter === -1 ? { prefix: pattern, exact: true } : { prefix: pattern.slice(0, parameter + 1), exact: false };
}

/** Routes that name paths of their own: not the catch-all. */
const named = (routes: readonly RouteEntry[]) => routes.filter(({ pattern }) => pattern.startsWith("/"));

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

/**
 * sitemap.xml: the pages whose route search engines may index (app/route-policies.ts), every
 * crypto and stock detail page the lists show, and published notes.
 */
export async function sitemapXml(
  market: MarketService,
  logger: Logger,
  publicUrl: string,
  routes: readonly RouteEntry[],
  notes: readonly { path: string; updatedAt: Date }[],
): Promise<string> {
  const [cryptos, stocks] = await Promise.all([cryptoPaths(market, logger), stockPaths(market, logger)]);
  const pages = named(routes)
    .filter((route) => route.robots === "index" && staticPart(route).exact)
    .map(({ pattern }) => pattern);
  const entries = [
    ...[...pages, ...cryptos, ...stocks].map((path) => urlEntry(publicUrl, path)),
    ...notes.map(({ path, updatedAt }) => urlEntry(publicUrl, path, updatedAt)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
}

/**
 * robots.txt from each route's declaration. A route search engines may not read is disallowed by
 * the shortest prefix that covers no route they may read (`/admin/` for every administrator's
 * screen); a route they may read that such a prefix still covers (`/currency-converter` under
 * `/currency`) is allowed again, the longer rule winning.
 */
export function robotsTxt(publicUrl: string, routes: readonly RouteEntry[]): string {
  const readable = named(routes)
    .filter(({ robots }) => robots !== "disallow")
    .map(staticPart);
  // Whether `prefix` covers a path a readable route answers.
  const coversReadable = (prefix: string) =>
    readable.some((path) => path.prefix.startsWith(prefix) || (!path.exact && prefix.startsWith(path.prefix)));
  const prefixes = named(routes)
    .filter(({ robots }) => robots === "disallow")
    .map(staticPart)
    // A route whose path begins with a parameter would disallow the whole site.
    .filter(({ prefix }) => prefix !== "/")
    .map(({ prefix }) => {
      const folders = [...prefix.matchAll(/\//g)].slice(1).map(({ index }) => prefix.slice(0, index + 1));
      return [...folders, prefix].find((candidate) => !coversReadable(candidate)) ?? prefix;
    });
  const disallowed = [...new Set(prefixes)].filter((prefix, _, all) => !all.some((other) => other !== prefix && prefix.startsWith(other)));
  const allowed = readable.filter((path) => disallowed.some((prefix) => path.prefix.startsWith(prefix))).map(({ prefix }) => prefix);
  return [
    "User-agent: *",
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    ...allowed.map((prefix) => `Allow: ${prefix}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
