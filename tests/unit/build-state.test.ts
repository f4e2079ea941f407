import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { forgetBuild, newestSource, recordBuild, staleReason } from "../../scripts/lib/build-state.js";

/** A project with a few sources, every one last modified at the same instant. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), "ma-build-state-"));
  const files = ["app/routes/home.tsx", "app/root.tsx", "locales/en/common.json", "package-lock.json", "vite.config.ts"];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "source");
  }
  mkdirSync(path.join(root, "build"));
  const then = new Date("2024-06-01T12:00:00Z");
  for (const entry of [...files, "app/routes", "app", "locales/en", "locales"]) utimesSync(path.join(root, entry), then, then);
  return root;
}

/** npm start builds only when this says why. */
describe("build freshness (npm start)", () => {
  it("asks for a build until one has completed, then not until a source changes", () => {
    const root = project();
    expect(staleReason(root)).toBe("there is no complete build");
    recordBuild(root, newestSource(root).mtimeMs);
    expect(staleReason(root)).toBeUndefined();

    const later = new Date("2024-06-02T12:00:00Z");
    utimesSync(path.join(root, "app/routes/home.tsx"), later, later);
    expect(staleReason(root)).toBe(`${path.join("app", "routes", "home.tsx")} changed since the last build`);
  });

  it("sees a deleted source and a changed lock file", () => {
    const root = project();
    recordBuild(root, newestSource(root).mtimeMs);
    rmSync(path.join(root, "app/root.tsx"));
    expect(staleReason(root)).toBe("app changed since the last build");

    recordBuild(root, newestSource(root).mtimeMs);
    const tomorrow = new Date(Date.now() + 86_400_000);
    utimesSync(path.join(root, "package-lock.json"), tomorrow, tomorrow);
    expect(staleReason(root)).toBe("package-lock.json changed since the last build");
  });

  it("takes a build that started but did not complete for no build", () => {
    const root = project();
    recordBuild(root, newestSource(root).mtimeMs);
    forgetBuild(root);
    expect(staleReason(root)).toBe("there is no complete build");
  });
});
