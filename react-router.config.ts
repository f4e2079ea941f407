import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's other behaviours stay off (8 needs Node 22; the page cache matches today's
  // data request URLs). Saying so, rather than leaving them out, keeps each build from warning about them.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // Every origin reaches the app's own check (app/platform/origin.server.ts), which refuses a
  // cross-site post with a translated 403 and knows PUBLIC_URL; React Router's built-in one would
  // answer page routes first with an untranslated "Bad Request".
  allowedActionOrigins: ["**"],
  // The whole route manifest, one cached file (~3 kB compressed), rather than React Router working
  // out and inlining a partial one on every request and fetching the rest as links appear: that
  // was a share of every page's render cost, and two `data-` attributes on each of a page's links.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
