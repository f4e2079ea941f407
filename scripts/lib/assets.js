// What a server-rendered page makes the browser load, read from its HTML and the built chunks.
import { gzipSync } from "node:zlib";

const scriptElement = /<(?:link|script)\b[^>]*\b(?:href|src)=["']?(\/assets\/[^"'\s>]+\.js)/gi;
const inlineImport = /\b(?:from|import)\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g;
const stylesheetLink = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi;
const hrefAttribute = /\bhref=["']?([^"'\s>]+)/i;
const staticImport = /\b(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;
const dynamicImport = /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;
/** Vite lists a dynamic import's own dependencies as "assets/…" strings (__vite__mapDeps). */
const preloadDependency = /["'](assets\/[^"']+\.js)["']/g;

const matches = (pattern, text) => [...text.matchAll(pattern)].map((match) => /** @type {string} */ (match[1]));

/**
 * The scripts the HTML makes the browser fetch: module preloads, script elements and the inline
 * module's imports (not the route manifest's list, which names modules for later navigations).
 */
export function scriptUrlsInHtml(html) {
  return [...new Set([...matches(scriptElement, html), ...matches(inlineImport, html)])];
}

export function stylesheetUrlsInHtml(html) {
  const links = html.match(stylesheetLink) ?? [];
  return [...new Set(links.flatMap((link) => hrefAttribute.exec(link)?.[1] ?? []))];
}

/**
 * The translation chunks of `language` that a built chunk loads (app/i18n/client-resources.ts:
 * Vite keeps the glob's file names as keys), as absolute URL paths. The browser loads all of them
 * before hydrating, so they count as the page's JavaScript although they are dynamic imports.
 */
export function translationChunks(source, chunkUrl, language) {
  const escaped = language.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const entry = new RegExp(
    `["']\\.\\./\\.\\./locales/${escaped}/[\\w-]+\\.json["']\\s*:\\s*\\(\\)\\s*=>[^"']*?import\\(\\s*["'](\\.{1,2}/[^"']+\\.js)["']`,
    "g",
  );
  return matches(entry, source).map((specifier) => new URL(specifier, `http://x${chunkUrl}`).pathname);
}

/**
 * The chunks a built chunk imports, as absolute URL paths: `loaded` at once (static imports),
 * `deferred` only when code runs (dynamic imports and their preload lists).
 */
export function chunkImports(source, chunkUrl) {
  const resolve = (specifier) => new URL(specifier, `http://x${chunkUrl}`).pathname;
  return {
    loaded: matches(staticImport, source).map(resolve),
    deferred: [...matches(dynamicImport, source).map(resolve), ...matches(preloadDependency, source).map((dep) => `/${dep}`)],
  };
}

/**
 * Follows imports from the page's scripts. `loaded`: what the page fetches to start (the budget);
 * `reachable`: everything it may fetch later through dynamic imports as well.
 * @param {string[]} entryUrls
 * @param {(url: string) => string | undefined} readChunk the chunk's source, undefined when missing
 */
export function scriptGraph(entryUrls, readChunk) {
  const imports = new Map();
  const importsOf = (url) => {
    if (!imports.has(url)) {
      const source = readChunk(url);
      imports.set(url, source === undefined ? { loaded: [], deferred: [] } : chunkImports(source, url));
    }
    return imports.get(url);
  };
  const closure = (start, follow) => {
    const seen = new Set(start);
    const queue = [...start];
    while (queue.length > 0) {
      for (const next of follow(importsOf(queue.pop()))) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen;
  };
  return {
    loaded: closure(entryUrls, (found) => found.loaded),
    reachable: closure(entryUrls, (found) => [...found.loaded, ...found.deferred]),
  };
}

/** Bytes after gzip at level 6, the level gzip(1) and Vite's build report use. */
export function gzipSize(content) {
  return gzipSync(content, { level: 6 }).length;
}

/**
 * The rows a page renders in its main content, which is what the bare page's `?rows=` stands in
 * for: body rows of its tables, statistic items (`<dt>`), and items of the lists in `<main>` outside
 * its navigation (the home's heat map tiles, headlines, movers; not its pagination). Decision 0036.
 */
export function renderedRows(html) {
  const bodies = html.match(/<tbody\b[\s\S]*?<\/tbody>/gi) ?? [];
  const tableRows = bodies.reduce((count, body) => count + (body.match(/<tr\b/gi)?.length ?? 0), 0);
  const statistics = html.match(/<dt\b/gi)?.length ?? 0;
  const main = html.match(/<main\b[\s\S]*<\/main>/i)?.[0] ?? "";
  const listItems = main.replace(/<nav\b[\s\S]*?<\/nav>/gi, "").match(/<li\b/gi)?.length ?? 0;
  return tableRows + statistics + listItems;
}
