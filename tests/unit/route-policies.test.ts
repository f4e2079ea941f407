import { route } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { robotsTxt } from "~/content/sitemap.server";
import { type Platform, platformContext } from "~/platform/context.server";
import { createRouteTable, mayIndex, routePolicyMiddleware, type RouteTable } from "~/platform/route-table.server";
import { routePolicies } from "~/route-policies";
import appRoutes from "~/routes";

import { declarationProblems, routeManifest } from "../support/routes";

/** The app's routes and a new top-level one that nobody declared. */
const withPortfolio = [...appRoutes, route("portfolio", "routes/portfolio.tsx")];

const app = createRouteTable(routeManifest(), routePolicies);

/** What the app's middleware makes of a request to `path` whose route answers `answer`, with `routes`. */
async function throughMiddleware(
  routes: RouteTable,
  path: string,
  answer = new Response("page", { headers: { "Cache-Control": "no-cache" } }),
) {
  const context = new RouterContextProvider();
  context.set(platformContext, { routes } as Platform);
  const request = new Request(`http://localhost${path}`);
  const response = await routePolicyMiddleware(
    { request, context, params: {}, unstable_pattern: "", url: new URL(request.url) } as never,
    async () => answer,
  );
  return { response: response as Response, indexed: mayIndex(context) };
}

describe("route policies", () => {
  it("are declared for every route of app/routes.ts, each with examples its own route answers", () => {
    expect(declarationProblems()).toEqual([]);
  });

  it("fail the declaration check for a route added without one, and for one declared without a route", () => {
    expect(declarationProblems(withPortfolio)).toEqual(["routes/portfolio.tsx (/portfolio) has no policy in app/route-policies.ts"]);
    expect(declarationProblems(appRoutes, { ...routePolicies, "routes/portfolio": { cache: "personal" } })).toEqual([
      "routes/portfolio is declared, but no route of app/routes.ts answers under that id",
    ]);
    // The proxy's layout only wraps its routes: its policy would never be read.
    expect(declarationProblems(appRoutes, { ...routePolicies, "routes/proxy/public": { cache: "own" } })).toEqual([
      "routes/proxy/public is declared, but no route of app/routes.ts answers under that id",
    ]);
    expect(declarationProblems(appRoutes, { ...routePolicies, "routes/stock": { cache: "public", params: [] } })).toEqual([
      "routes/stock (/stocks/:ticker) needs examples: its path has a parameter",
    ]);
    expect(
      declarationProblems(appRoutes, { ...routePolicies, "routes/crypto": { cache: "public", params: [], examples: ["/stocks/PETR4"] } }),
    ).toEqual(["routes/crypto: its example /stocks/PETR4 is answered by routes/stock"]);
  });

  it("make a route added without a declaration private: never kept, private, no-store, out of robots' reach", async () => {
    const routes = createRouteTable(routeManifest(withPortfolio), routePolicies);
    for (const path of ["/portfolio", "/portfolio.data"]) {
      expect(routes.of(path)).toMatchObject({ id: "routes/portfolio", pattern: "/portfolio", cache: "private", bodyLimit: 64 * 1024 });
      const { response, indexed } = await throughMiddleware(routes, path);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(indexed).toBe(false);
    }
    expect(robotsTxt("https://markets.example", routes.all)).toMatch(/^Disallow: \/portfolio$/m);
  });

  it("leave the Cache-Control of a public or own route's answer as it is, and let robots index public pages", async () => {
    expect(await throughMiddleware(app, "/about-us")).toMatchObject({ indexed: true });
    expect((await throughMiddleware(app, "/about-us")).response.headers.get("Cache-Control")).toBe("no-cache");
    const feed = await throughMiddleware(
      app,
      "/release-notes/rss.xml",
      new Response("", { headers: { "Cache-Control": "public, max-age=300" } }),
    );
    expect(feed.response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(feed.indexed).toBe(false);
  });

  it("keep what each route was before they were declared in one place", () => {
    const cases: [string, string, number][] = [
      ["/", "public", 64],
      ["/_root.data", "public", 64],
      ["/cryptos/bitcoin.data", "public", 64],
      ["/stocks/PETR4", "public", 64],
      ["/release-notes/3", "public", 64],
      ["/release-notes/rss.xml", "own", 64],
      ["/screener.csv", "own", 64],
      ["/login", "own", 64],
      ["/login/two-fa", "private", 64],
      ["/login/two-fa.data", "private", 64],
      ["/search/results", "own", 64],
      ["/proxy/stocks/PETR4", "own", 64],
      ["/user", "personal", 64],
      ["/user.data", "personal", 64],
      ["/user/register-tables/3", "personal", 64],
      ["/user/register-tables/3/csv", "private", 64],
      ["/auth/me.data", "personal", 64],
      ["/auth/refresh", "private", 64],
      ["/chat", "personal", 64],
      ["/chat/stream", "private", 64],
      ["/favorites", "private", 64],
      ["/feedback", "private", 4096],
      ["/feedback.data", "private", 4096],
      ["/admin/feedback/images/2", "private", 64],
      ["/admin/release-notes", "private", 256],
      ["/admin/release-notes.data", "private", 256],
      ["/admin/release-notes/new", "private", 256],
      ["/admin/release-notes/5.data", "private", 256],
      // Any path React Router answers with the not-found page.
      ["/user/nothing", "private", 64],
    ];
    for (const [path, cache, kibibytes] of cases) {
      expect({ path, cache: app.of(path).cache, kibibytes: app.of(path).bodyLimit / 1024 }).toEqual({ path, cache, kibibytes });
    }
    // Paths as React Router matches them, whatever their case or a trailing slash.
    expect(app.of("/USER").cache).toBe("personal");
    expect(app.of("/cryptos/").cache).toBe("public");
  });

  it("name the query parameters a public page and its data request depend on", () => {
    expect(app.of("/stocks/PETR4").params).toEqual(expect.arrayContaining(["range", "chart", "series"]));
    expect(app.of("/stocks/PETR4").params).not.toContain("_routes");
    expect(app.of("/stocks/PETR4.data").params).toEqual([...app.of("/stocks/PETR4").params, "_routes"]);
    expect(app.of("/user").params).toEqual([]);
  });
});
