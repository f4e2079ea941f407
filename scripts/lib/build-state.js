// Whether build/ holds a complete build of the sources as they are now (scripts/build.js).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build is made of: any change here (an edit, a new, renamed or deleted file) calls for a new build. */
const sources = [
  "app",
  "db",
  "locales",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/precompress.js",
];

/** Written by a build that completed: the modification time of the newest source it was made from. */
const stampFile = (root) => path.join(root, "build", "sources.json");

/** Until a build completes, there is no complete build: an interrupted one must not pass for one. */
export function forgetBuild(root) {
  rmSync(stampFile(root), { force: true });
}

export function recordBuild(root, sourcesModifiedAt) {
  writeFileSync(stampFile(root), `${JSON.stringify({ sourcesModifiedAt })}\n`);
}

/** The most recently modified source. Directories count: adding, renaming or deleting a file changes theirs. */
export function newestSource(root) {
  let newest = { file: "", mtimeMs: 0 };
  const visit = (file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.mtimeMs > newest.mtimeMs) newest = { file, mtimeMs: stat.mtimeMs };
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
  };
  for (const source of sources) visit(path.join(root, source));
  return newest;
}

/** Why build/ must be built again, or undefined when it is complete and no source changed since. */
export function staleReason(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root), "utf8"));
  } catch {
    return "there is no complete build";
  }
  const newest = newestSource(root);
  if (newest.mtimeMs > stamp.sourcesModifiedAt) return `${path.relative(root, newest.file)} changed since the last build`;
  return undefined;
}
