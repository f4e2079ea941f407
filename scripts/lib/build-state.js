// Whether build/ holds a complete build of the sources as they are now (scripts/build.js).
// Contents, not modification times, decide: `npm install` rewrites package-lock.json unchanged,
// and a checkout or a copy touches every file, yet neither calls for a build.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build is made of: any change here (an edit, a new, renamed or deleted file) calls for a new build. */
const sources = [
  "app",
  "db",
  "locales",
  "public",
  "scripts/commands",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/precompress.js",
  "scripts/build-commands.js",
  "scripts/lib/env-file.js",
];

/** Written by a build that completed: the digest of each source file it was made from. */
const stampFile = (root) => path.join(root, "build", "sources.json");

/** Until a build completes, there is no complete build: an interrupted one must not pass for one. */
export function forgetBuild(root) {
  rmSync(stampFile(root), { force: true });
}

export function recordBuild(root, fingerprint) {
  writeFileSync(stampFile(root), `${JSON.stringify({ sources: fingerprint })}\n`);
}

/** Each source file (a path relative to `root`, with `/`) and the SHA-256 of its content: some 600 files, read in milliseconds. */
export function sourcesFingerprint(root) {
  const fingerprint = {};
  const visit = (relative) => {
    const file = path.join(root, relative);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) for (const entry of readdirSync(file).sort()) visit(`${relative}/${entry}`);
    else if (stat) fingerprint[relative] = createHash("sha256").update(readFileSync(file)).digest("hex");
  };
  for (const source of sources) visit(source);
  return fingerprint;
}

/** Why build/ must be built again, or undefined when it is complete and no source changed since. */
export function staleReason(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root), "utf8"));
  } catch {
    return "there is no complete build";
  }
  const built = stamp.sources ?? {};
  const now = sourcesFingerprint(root);
  const changed = Object.keys(now).find((file) => now[file] !== built[file]);
  if (changed) return `${changed} changed since the last build`;
  const deleted = Object.keys(built).find((file) => !(file in now));
  if (deleted) return `${deleted} was deleted since the last build`;
  return undefined;
}
