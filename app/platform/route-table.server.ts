import { LRUCache } from "lru-cache";
import { createContext, matchRoutes, type MiddlewareFunction, type RouteObject, type RouterContextProvider } from "react-router";

import { platformOf } from "./context.server";

/**
 * How a route's answers may be kept:
 * - `public`: every visitor sees the page alike; the page cache keeps it, varied only by `params`
 *   (a signed-in session gets its own copy in the personal cache);
 * - `personal`: one person's data, only read; kept per session in the personal page cache, and
 *   `private, no-store` to the browser and any cache on the way;
 * - `private`: `private, no-store`, never kept. What a route does not declare is private;
 * - `own`: never kept, and its answer's own `Cache-Control` stands (the public API, feeds, health
 *   checks, forms every visitor sees alike).
 */
type RouteCache = "public" | "personal" | "private" | "own";

/**
 * What search engines may do with a route: `index` it (the sitemap lists it when its path has no
 * parameter; its meta robots say index), read it without indexing it (`noindex`: feeds, the
 * sitemap itself), or not even read it (`disallow`, the default: robots.txt names it).
 */
type RouteRobots = "index" | "noindex" | "disallow";

type CommonPolicy = {
  /** The largest request body the route reads, in bytes: 64 KiB unless said. */
  bodyLimit?: number;
  robots?: RouteRobots;
  /**
   * Concrete paths that stand for the route in tests (its path, when that has no parameter): the
   * end-to-end sweeps open each one. Needed when the path has a parameter.
   */
  examples?: readonly string[];
};

/** What one route is, declared once in app/route-policies.ts. */
export type RoutePolicy = CommonPolicy &
  (
    | {
        cache: "public";
        /** The query parameters the route's loader and view read: nothing else in a query string changes the page. */
        params: readonly string[];
      }
    | { cache: Exclude<RouteCache, "public"> }
  );

/** Each route's policy by its route id (its file in app/routes.ts, without the extension). */
export type RoutePolicies = Readonly<Record<string, RoutePolicy>>;

/** A route's policy as a request meets it. */
export type RouteEntry = {
  /** Its route id; none for a path no route answers. */
  readonly id?: string;
  /** Its pattern (`/stocks/:ticker`), what logs and metrics group requests by; `other` for the catch-all. */
  readonly pattern: string;
  readonly cache: RouteCache;
  /** For a public page, the query parameters its answer depends on (for a data request, React Router's own too). */
  readonly params: readonly string[];
  readonly bodyLimit: number;
  readonly robots: RouteRobots;
};

/** The routes of a build as React Router's server build lists them. */
export type RouteManifest = Readonly<Record<string, { id: string; parentId?: string; path?: string; index?: boolean } | undefined>>;

export type RouteTable = {
  /** The route a path is answered by (`/stocks/PETR4` and `/stocks/PETR4.data` alike), with its policy. */
  of(path: string): RouteEntry;
  /** Every route that answers requests, in the order of app/routes.ts. */
  readonly all: readonly RouteEntry[];
};

/** The label of a request no route of the app answers (or only the catch-all's not-found page). */
const otherRoute = "other";

const defaultBodyLimit = 64 * 1024;
const undeclared: RoutePolicy = { cache: "private" };
/** A path no route answers, or a request whose route is not known yet: private. */
const unmatched: RouteEntry = { pattern: otherRoute, cache: "private", params: [], bodyLimit: defaultBodyLimit, robots: "disallow" };
/** React Router's data requests name the routes whose loaders they want. */
const dataRequestParams = ["_routes"];

/** Paths whose route is remembered; past it the least recently asked is forgotten (a crawler's made-up paths cannot grow it). */
const rememberedPaths = 2000;
/** Longer paths are matched every time rather than remembered. */
const rememberedPathLength = 200;

/**
 * The routes of a build with their policies, matched as React Router matches them: a path is
 * answered by the deepest route that matches it, and a route without a declaration is private.
 * Each route's entries are made once; a path already seen costs one map lookup.
 */
export function createRouteTable(manifest: RouteManifest, policies: RoutePolicies): RouteTable {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) }));
  const tree = childrenOf(undefined);

  const patternOf = (id: string | undefined): string => {
    const route = id === undefined ? undefined : manifest[id];
    if (!route) return "";
    const parent = patternOf(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
  };
  const entriesOf = ({ id }: { id: string }): readonly [page: RouteEntry, data: RouteEntry] => {
    const policy = policies[id] ?? undeclared;
    const pattern = patternOf(id);
    const page: RouteEntry = {
      id,
      pattern: pattern.endsWith("*") ? otherRoute : pattern,
      cache: policy.cache,
      params: policy.cache === "public" ? policy.params : [],
      bodyLimit: policy.bodyLimit ?? defaultBodyLimit,
      robots: policy.robots ?? "disallow",
    };
    return [page, page.cache === "public" ? { ...page, params: [...page.params, ...dataRequestParams] } : page];
  };
  const answering = routes.filter((route) => !routes.some((child) => child.parentId === route.id));
  const entries = new Map(answering.map((route) => [route.id, entriesOf(route)]));

  const resolve = (path: string): RouteEntry => {
    // React Router's data requests (/stocks/PETR4.data) ask for the page's own route.
    const isData = path.endsWith(".data");
    const pagePath = path === "/_root.data" ? "/" : isData ? path.slice(0, -".data".length) : path;
    const leaf = matchRoutes(tree, pagePath)?.at(-1)?.route.id;
    const found = leaf === undefined ? undefined : entries.get(leaf);
    return found ? found[isData ? 1 : 0] : unmatched;
  };
  // Static files are served before the router; one that is missing gets its not-found page.
  const assets: RouteEntry = { ...resolve("/assets/"), pattern: "/assets/*" };
  const known = new LRUCache<string, RouteEntry>({ max: rememberedPaths });

  return {
    of(path) {
      let entry = known.get(path);
      if (entry === undefined) {
        entry = path.startsWith("/assets/") ? assets : resolve(path);
        if (path.length > rememberedPathLength) return entry;
        known.set(path, entry);
      }
      return entry;
    },
    all: [...entries.values()].map(([page]) => page),
  };
}

/** The policy of the route this request is answered by, for its loaders. */
const routeContext = createContext<RouteEntry>(unmatched);

/** Whether search engines may index the page this request shows: its route's declaration says. */
export function mayIndex(context: Readonly<RouterContextProvider>): boolean {
  return context.get(routeContext).robots === "index";
}

/**
 * Finds the request's route once for its loaders, and makes a private or personal answer
 * `private, no-store`: neither the browser's disk nor any shared cache on the way may keep it.
 */
export const routePolicyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const route = platformOf(context).routes.of(new URL(request.url).pathname);
  context.set(routeContext, route);
  const response = await next();
  if (route.cache === "private" || route.cache === "personal") response.headers.set("Cache-Control", "private, no-store");
  return response;
};
