/**
 * The direction of dependencies in app/, checked by `npm run lint`:
 *
 *   composition (root.tsx, entry.*.tsx, server.ts, start.server.ts, services.server.ts, routes.ts, route-policies.ts)
 *     → routes/ → screens/ | api/ → features → platform/, i18n/ → lib/
 *     routes/ → ui/ (views), which may read a screen's types only
 *
 * A feature is any folder of app/ that is not one of the named layers, so a new one (app/portfolio)
 * is held to the rules without editing this file. Server-only modules end in `.server.ts(x)`.
 */
const layers = "routes|ui|screens|api|platform|i18n|lib";
const feature = `^app/(?!(?:${layers})/)([^/]+)/`;
const base = "^app/(platform|i18n|lib)/";
const ui = "^app/ui/";
const routes = "^app/routes/";
const screens = "^app/screens/";
const api = "^app/api/";
const composition =
  "^app/(root[.]tsx|entry[.][^/]+[.]tsx|server[.]ts|start[.]server[.]ts|services[.]server[.]ts|routes[.]ts|route-policies[.]ts)$";
const serverOnly = "[.]server[.]tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules that import each other cannot be understood, tested or split apart alone. Type-only imports do not count.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "routes-are-leaves",
      comment:
        "React Router loads route modules from app/routes.ts; nothing imports one. What two routes share belongs in a feature or in app/ui.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: routes },
    },
    {
      name: "composition-on-top",
      comment:
        "The composition layer builds and wires everything; nothing below imports it. Features, routes and views reach services through their layer's context (platformOf, marketOf, assistantOf).",
      severity: "error",
      from: { path: "^app/", pathNot: composition },
      to: { path: composition },
    },
    {
      name: "screens-and-api-from-above",
      comment:
        "app/screens assembles one screen's data and app/api answers /proxy; routes call them. Features, platform, i18n and lib never import them.",
      severity: "error",
      from: { path: [feature, base] },
      to: { path: [screens, api] },
    },
    {
      name: "screens-and-api-are-siblings",
      comment: "A screen and the public API never import each other: what both need belongs in a feature.",
      severity: "error",
      from: { path: screens },
      to: { path: api },
    },
    {
      name: "api-and-screens-are-siblings",
      comment: "A screen and the public API never import each other: what both need belongs in a feature.",
      severity: "error",
      from: { path: api },
      to: { path: screens },
    },
    {
      name: "ui-reads-screen-types-only",
      comment: "Views describe the data a screen assembles (import type) but never run a screen's code.",
      severity: "error",
      from: { path: ui },
      to: { path: screens, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "edge-knows-no-composition-root",
      comment:
        "server.ts (the HTTP edge) is handed the services by start.server.ts, the server build's entry: it imports neither the composition root nor the market engine.",
      severity: "error",
      from: { path: "^app/server[.]ts$" },
      to: { path: "^app/(market/|services[.]server[.]ts$)" },
    },
    {
      name: "base-not-to-features",
      comment: "app/platform, app/i18n and app/lib serve the features; they never import one.",
      severity: "error",
      from: { path: base },
      to: { path: feature },
    },
    {
      name: "lib-is-self-contained",
      comment: "app/lib holds pure helpers for server and browser: it imports only app/lib and npm packages.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: {
        pathNot: "^app/lib/",
        dependencyTypesNot: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"],
      },
    },
    {
      name: "views-only-from-above",
      comment:
        "app/ui holds views, which routes compose. Server code, features, platform, i18n and lib never import a view, not even its types: move what both need (a type, a formatter) down to the feature or app/lib.",
      severity: "error",
      from: { path: [feature, base, screens, api, serverOnly] },
      to: { path: ui },
    },
    {
      name: "ui-not-to-server",
      comment: "Views run in the browser: they may describe the data a server module produces (import type) but never import its code.",
      severity: "error",
      from: { path: ui },
      to: { path: serverOnly, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "features-not-to-other-features-server",
      comment:
        "A feature never reaches into another feature's server modules: what it needs is injected (a translator, a quote reader) or passed in by the route. Type-only imports are allowed.",
      severity: "error",
      from: { path: feature },
      to: { path: `${feature}.+${serverOnly}`, pathNot: "^app/$1/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "catalogue-through-composition",
      comment:
        "Other features get the reference catalogue (app/market/catalogue.ts) from the composition root, which hands it to them; they may import its types only.",
      severity: "error",
      from: { path: feature, pathNot: "^app/market/" },
      to: { path: "^app/market/catalogue[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "market-knows-no-other-feature",
      comment:
        "The market engine is the ground other features stand on: it imports no other feature, not even a type. What it needs from one (a translator) is injected by the composition root.",
      severity: "error",
      from: { path: "^app/market/" },
      to: { path: feature, pathNot: "^app/market/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Needed to see `import type` at all, so that the rules above can tell it apart.
    tsPreCompilationDeps: true,
    // Resolves the `~/` alias.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
