// Bundles the operator's commands (scripts/commands/*.ts) into plain JavaScript in build/commands/,
// so `npm run admin`, `db:backup` and `db:migrate` run after a production-only install, without
// tsx. Packages stay imports (the runtime dependencies); the app's own modules are bundled in.
// Each bundle sits as deep below the app's directory as its source, so both find it as `../..`.
import { readdirSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const sourceDir = path.join(root, "scripts/commands");

await build({
  entryPoints: readdirSync(sourceDir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(sourceDir, file)),
  outdir: path.join(root, "build/commands"),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
