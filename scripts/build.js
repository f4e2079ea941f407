// The production build: React Router's client and server bundles, then the assets precompressed
// (scripts/precompress.js). With --if-stale (npm start) it builds only when build/ is missing, was
// left half-built or is older than a source, so a restart takes seconds instead of a minute and
// nearly a gigabyte of memory; it then prints warnings only, not the list of files.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { forgetBuild, newestSource, recordBuild, staleReason } from "./lib/build-state.js";

const root = path.resolve(import.meta.dirname, "..");
const ifStale = process.argv.includes("--if-stale");

if (ifStale) {
  const reason = staleReason(root);
  if (!reason) process.exit(0);
  console.log(`Building the app (${reason}); this takes a minute or two.`);
}

// Read before building: a source edited while the build runs leaves this build stale.
const { mtimeMs } = newestSource(root);
forgetBuild(root);
const steps = [
  [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", ...(ifStale ? ["--logLevel", "warn"] : [])],
  [path.join(root, "scripts/precompress.js")],
];
for (const step of steps) {
  const { status } = spawnSync(process.execPath, step, { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
recordBuild(root, mtimeMs);
