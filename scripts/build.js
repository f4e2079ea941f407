// The production build: React Router's client and server bundles, then the assets precompressed
// (scripts/precompress.js), then the operator's commands (scripts/build-commands.js). With
// --if-stale (npm start) it builds only when build/ is missing, was left half-built or a source's
// content changed, so a restart takes seconds instead of a minute and nearly a gigabyte of memory;
// it then prints warnings only, not the list of files. Only Node's own modules are loaded before
// that check: with a current build, a production-only install (no dev dependencies) starts.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { forgetBuild, recordBuild, sourcesFingerprint, staleReason } from "./lib/build-state.js";

const root = path.resolve(import.meta.dirname, "..");
const ifStale = process.argv.includes("--if-stale");

if (ifStale) {
  const reason = staleReason(root);
  if (!reason) process.exit(0);
  if (!existsSync(path.join(root, "node_modules/@react-router/dev"))) {
    console.error(
      `The app needs a build (${reason}), but the build tools are not installed: run \`npm ci\` (with dev dependencies), then start again.`,
    );
    process.exit(1);
  }
  console.log(`Building the app (${reason}); this takes a minute or two.`);
}

// Read before building: a source edited while the build runs leaves this build stale.
const fingerprint = sourcesFingerprint(root);
forgetBuild(root);
const steps = [
  [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", ...(ifStale ? ["--logLevel", "warn"] : [])],
  [path.join(root, "scripts/precompress.js")],
  [path.join(root, "scripts/build-commands.js")],
];
for (const step of steps) {
  const { status } = spawnSync(process.execPath, step, { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
recordBuild(root, fingerprint);
