import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The server build's entry is our Express app, which wraps the React Router handler.
  build: isSsrBuild ? { rollupOptions: { input: "./app/server.ts" } } : undefined,
  plugins: [reactRouter()],
}));
