import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** Paths whose pattern is remembered; past it the least recently asked is forgotten (a crawler's made-up paths cannot grow it). */
const rememberedPaths = 2000;

/** The label of a request no route of the app answers (or only the catch-all's not-found page). */
export const otherRoute = "other";

/**
 * The route pattern a path is answered by (`/stocks/PETR4` → `/stocks/:ticker`), from the build's
 * route manifest: what logs and metrics group requests by, a handful of values whatever visitors type.
 */
export function routePatterns(manifest: Record<string, ManifestRoute | undefined>): (path: string) => string {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) }));
  const tree = childrenOf(undefined);
  const known = new LRUCache<string, string>({ max: rememberedPaths });

  const patternOf = (path: string) => {
    if (path.startsWith("/assets/")) return "/assets/*";
    // React Router's data requests (/stocks/PETR4.data) ask for the page's own route.
    const pagePath = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
    const matches = matchRoutes(tree, pagePath) ?? [];
    const pattern = `/${matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/")}`.replace(/\/+/g, "/");
    return matches.length === 0 || pattern.endsWith("*") ? otherRoute : pattern;
  };

  return (path) => {
    let pattern = known.get(path);
    if (pattern === undefined) {
      pattern = patternOf(path);
      known.set(path, pattern);
    }
    return pattern;
  };
}
