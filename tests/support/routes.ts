/**
 * The app's routes as app/routes.ts lists them, each with what app/route-policies.ts declares: the
 * manifest a build has (for services built in tests), the routes with their example paths (for the
 * end-to-end sweeps), and what is wrong with the declarations.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";

import { createRouteTable, type RouteManifest, type RoutePolicies, type RoutePolicy } from "../../app/platform/route-table.server";
import { routePolicies } from "../../app/route-policies";
import appRoutes from "../../app/routes";

export type DeclaredRoute = {
  id: string;
  /** Its module, as app/routes.ts names it. */
  file: string;
  /** Its path, parameters and all (`/stocks/:ticker`). */
  pattern: string;
  /** A screen renders a page (a .tsx module); other routes answer with data, a file or a redirect. */
  screen: boolean;
  policy: RoutePolicy | undefined;
  /** The paths that stand for it: its declared examples, else its path when that has no parameter. */
  examples: readonly string[];
};

/** React Router's id of a route it was not given one for: its file without the extension. */
const routeIdOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");

type Walked = { entry: RouteConfigEntry; id: string; parentId: string; pattern: string };

function walk(entries: readonly RouteConfigEntry[], parentId = "root", parentPattern = "/"): Walked[] {
  return entries.flatMap((entry) => {
    const id = routeIdOf(entry);
    const pattern = entry.path ? `${parentPattern.replace(/\/$/, "")}/${entry.path}` : parentPattern;
    return [{ entry, id, parentId, pattern }, ...walk(entry.children ?? [], id, pattern)];
  });
}

/** The route manifest a build of `config` has, as React Router's server build lists it. */
export function routeManifest(config: readonly RouteConfigEntry[] = appRoutes): RouteManifest {
  return Object.fromEntries([
    ["root", { id: "root", path: "" }],
    ...walk(config).map(({ entry, id, parentId }) => [id, { id, parentId, path: entry.path, index: entry.index }]),
  ]);
}

/** The routes that answer requests (layouts only wrap theirs), with their declarations. */
export function declaredRoutes(config: readonly RouteConfigEntry[] = appRoutes, policies: RoutePolicies = routePolicies): DeclaredRoute[] {
  return walk(config)
    .filter(({ entry }) => !entry.children?.length)
    .map(({ entry, id, pattern }) => {
      const policy = policies[id];
      const parameterised = /[:*]/.test(pattern);
      return {
        id,
        file: entry.file,
        pattern,
        screen: entry.file.endsWith(".tsx"),
        policy,
        examples: policy?.examples ?? (parameterised ? [] : [pattern]),
      };
    });
}

/**
 * Everything wrong with the declarations of `config`'s routes: a route without one (private by
 * default, but say so), a declaration of a route that does not answer requests, a page or
 * private route with a parameter and no example, an example another route answers.
 */
export function declarationProblems(config: readonly RouteConfigEntry[] = appRoutes, policies: RoutePolicies = routePolicies): string[] {
  const routes = declaredRoutes(config, policies);
  const table = createRouteTable(routeManifest(config), policies);
  const answering = new Set(routes.map(({ id }) => id));
  return [
    ...routes.flatMap(({ id, file, pattern, screen, policy, examples }) => {
      if (!policy) return [`${file} (${pattern}) has no policy in app/route-policies.ts`];
      if (examples.length === 0 && (screen || policy.cache !== "own"))
        return [`${id} (${pattern}) needs examples: its path has a parameter`];
      return examples.flatMap((example) => {
        const answeredBy = table.of(new URL(example, "http://localhost").pathname).id;
        return answeredBy === id ? [] : [`${id}: its example ${example} is answered by ${answeredBy ?? "no route"}`];
      });
    }),
    ...Object.keys(policies)
      .filter((id) => !answering.has(id))
      .map((id) => `${id} is declared, but no route of app/routes.ts answers under that id`),
  ];
}
