import { reactRouter } from "@react-router/dev/vite";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";

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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": appDirectory } },
  build: {
    rollupOptions: {
      // The server build's entry is our Express app, which wraps the React Router handler. It is a
      // single file: the translations the browser loads lazily, which the server imports anyway, stay in it.
      ...(isSsrBuild ? { input: "./app/server.ts", output: { inlineDynamicImports: true } } : {}),
      onwarn(warning, warn) {
        if (!expectedWarning(warning)) warn(warning);
      },
    },
  },
  plugins: [reactRouter()],
}));
