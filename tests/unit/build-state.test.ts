import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";

import { forgetBuild, recordBuild, sourcesFingerprint, staleReason } from "../../scripts/lib/build-state.js";

/** A project with a few sources. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), "ma-build-state-"));
  const files = ["app/routes/home.tsx", "app/root.tsx", "locales/en/common.json", "package-lock.json", "vite.config.ts"];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "source");
  }
  mkdirSync(path.join(root, "build"));
  return root;
}

/** npm start builds only when this says why. */
describe("build freshness (npm start)", () => {
  it("asks for a build until one has completed, then not until a source's content changes", () => {
    const root = project();
    expect(staleReason(root)).toBe("there is no complete build");
    recordBuild(root, sourcesFingerprint(root));
    expect(staleReason(root)).toBeUndefined();

    writeFileSync(path.join(root, "app/routes/home.tsx"), "edited");
    expect(staleReason(root)).toBe("app/routes/home.tsx changed since the last build");
  });

  it("takes a lock file rewritten unchanged (as npm install does) for no change", () => {
    const root = project();
    recordBuild(root, sourcesFingerprint(root));
    writeFileSync(path.join(root, "package-lock.json"), "source");
    const tomorrow = new Date(Date.now() + DAY_MS);
    utimesSync(path.join(root, "package-lock.json"), tomorrow, tomorrow);
    expect(staleReason(root)).toBeUndefined();

    writeFileSync(path.join(root, "package-lock.json"), "another dependency");
    expect(staleReason(root)).toBe("package-lock.json changed since the last build");
  });

  it("sees a new and a deleted source", () => {
    const root = project();
    recordBuild(root, sourcesFingerprint(root));
    writeFileSync(path.join(root, "app/routes/news.tsx"), "source");
    expect(staleReason(root)).toBe("app/routes/news.tsx changed since the last build");

    recordBuild(root, sourcesFingerprint(root));
    rmSync(path.join(root, "app/root.tsx"));
    expect(staleReason(root)).toBe("app/root.tsx was deleted since the last build");
  });

  it("takes a build that started but did not complete for no build", () => {
    const root = project();
    recordBuild(root, sourcesFingerprint(root));
    forgetBuild(root);
    expect(staleReason(root)).toBe("there is no complete build");
  });
});
