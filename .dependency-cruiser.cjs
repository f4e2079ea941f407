/**
 * The direction of dependencies in app/, checked by `npm run lint`:
 *
 *   composition (root.tsx, entry.*.tsx, server.ts, services.server.ts, routes.ts)
 *     → routes/ → ui/ → features (market, account, favorites, assistant, content) → platform/, i18n/ → lib/
 *
 * Routes and views sit on top; features own domain logic and data access; platform, i18n and lib
 * serve everyone and know nobody above them. Server-only modules end in `.server.ts(x)`.
 */
const features = "(market|account|favorites|assistant|content)";
const feature = `^app/${features}/`;
const base = "^app/(platform|i18n|lib)/";
const ui = "^app/ui/";
const routes = "^app/routes/";
const composition = "^app/(root[.]tsx|entry[.][^/]+[.]tsx|server[.]ts|services[.]server[.]ts|routes[.]ts)$";
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
      from: { path: [feature, base, serverOnly] },
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
