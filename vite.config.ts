import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

const appDirectory = fileURLToPath(new URL("./app", import.meta.url));

/**
 * React Router makes every route module a browser entry. A resource route (a .ts module in
 * app/routes, without a component) has nothing for the browser, so its entry comes out empty.
 */
const resourceRoutes = new Set(
  readdirSync(path.join(appDirectory, "routes"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.basename(file, ".ts")),
);

/** Build warnings about things that are as they should be; any other warning still prints. */
function expectedWarning(warning: Rollup.RollupLog) {
  if (warning.code === "EMPTY_BUNDLE") return warning.names?.every((name) => resourceRoutes.has(name)) ?? false;
  // zod's own comments mention `@__PURE__` in prose; Rollup drops those comments, which changes nothing.
  if (warning.code === "INVALID_ANNOTATION") return /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "");
  return false;
}

const mantineDefaultVariables = "const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);";

/**
 * Mantine works out its default theme's CSS variables when its module loads, to leave them out of
 * a generated <style>. We never generate one (withCssVariables is off), yet every page paid for it
 * inside the one long task that loads the page's modules. Worked out on first use instead.
 */
function lazyMantineDefaultVariables(): Plugin {
  return {
    name: "lazy-mantine-default-variables",
    transform(code, id) {
      if (!id.replaceAll("\\", "/").endsWith("@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs"))
        return;
      // A Mantine release that changes the module fails the build rather than silently undoing this.
      if (!code.includes(mantineDefaultVariables))
        this.error("Mantine's remove-default-variables module changed: review lazyMantineDefaultVariables");
      return code.replace(
        mantineDefaultVariables,
        "let computedDefaults;\nconst defaultCssVariables = new Proxy({}, { get: (_, key) => (computedDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME))[key] });",
      );
    },
  };
}

/**
 * Files the server build runs beside its bundle, as they are: a worker thread's module cannot be
 * inlined into the one-file bundle, and reaches it by `new URL("./…", import.meta.url)`.
 */
function serverSideFiles(files: readonly string[]): Plugin {
  return {
    name: "server-side-files",
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: "asset", fileName: path.basename(file), source: readFileSync(path.join(appDirectory, file)) });
      }
    },
  };
}

/**
 * The kit, the shell and the market widgets every page shows go out as one chunk: left to Rollup,
 * each shared component became a chunk of its own with its own render-blocking stylesheet (20 on
 * the home page), and each costs a phone a round trip before the first paint.
 */
function sharedUiChunk(id: string) {
  return /\/app\/ui\/(kit\/(?!form\.)|shell\/|market\/)|\/@mantine\/core\/styles\//.test(id) ? "ui" : undefined;
}

const reactRouterProduction = path.join(appDirectory, "../node_modules/react-router/dist/production");

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102),
 * whose dev warnings and checks run on every render. A production build takes the production
 * build, in the browser and on the server, and bundles the server's copy (and @react-router/node,
 * which imports it) so that the one process holds one React Router.
 */
const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: [{ find: "~", replacement: appDirectory }, ...(command === "build" ? reactRouterProductionBuild : [])] },
  // Bundled into the server build rather than imported from node_modules: the icons package's entry
  // loads all of its 5,000 icons (some 40 MB of a server's memory) for the few dozen the pages draw.
  ssr: { noExternal: ["@tabler/icons-react", /^@mantine\//, ...(command === "build" ? ["react-router", "@react-router/node"] : [])] },
  build: {
    rollupOptions: {
      // The server build's entry starts our Express app, which wraps the React Router handler. It is a
      // single file: the translations the browser loads lazily, which the server imports anyway, stay in it.
      ...(isSsrBuild
        ? { input: "./app/start.server.ts", output: { inlineDynamicImports: true } }
        : { output: { manualChunks: sharedUiChunk } }),
      onwarn(warning, warn) {
        if (!expectedWarning(warning)) warn(warning);
      },
    },
  },
  plugins: [lazyMantineDefaultVariables(), ...(isSsrBuild ? [serverSideFiles(["account/password-check.worker.js"])] : []), reactRouter()],
}));
