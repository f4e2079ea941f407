/**
 * The lint's dependency rules (.dependency-cruiser.cjs) hold a folder of app/ that did not exist
 * when they were written to the feature rules, without anyone editing them: a new feature may not
 * reach into another feature's server modules, nor another feature into its. Checked on a small
 * tree in a temporary directory laid out like app/, cruised with the real rules and `~/` alias.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

async function cruiseTree(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const { compilerOptions } = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8"));
    const tsConfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsConfig, JSON.stringify({ compilerOptions: { baseUrl: compilerOptions.baseUrl, paths: compilerOptions.paths } }));
    const options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.cjs"));
    const { output } = await cruise(
      Object.keys(files),
      { ...options, baseDir: dir, tsConfig: { fileName: tsConfig } },
      {},
      { tsConfig: extractTSConfig(tsConfig) },
    );
    const { summary, modules } = output as ICruiseResult;
    const resolved = modules.flatMap(({ source, dependencies }) => dependencies.map(({ resolved }) => `${source} → ${resolved}`));
    const violations = summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
    return { resolved, violations };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("dependency rules", () => {
  it("treat a new app/ folder as a feature, on both sides of an import", async () => {
    const feature = `zz-throwaway-${randomBytes(4).toString("hex")}`;
    const { resolved, violations } = await cruiseTree({
      "app/account/session.server.ts": "export const session = 1;\n",
      [`app/${feature}/x.server.ts`]: [
        'import { session } from "~/account/session.server";',
        'import { own } from "./own.server";',
        "export const x = session + own;",
        "",
      ].join("\n"),
      [`app/${feature}/own.server.ts`]: "export const own = 1;\n",
      "app/favorites/uses-new.server.ts": `import { x } from "~/${feature}/x.server";\nexport const y = x;\n`,
    });
    // The imports resolved (through the alias), so a missing violation below is the rules' doing.
    expect(resolved).toEqual(
      expect.arrayContaining([
        `app/${feature}/x.server.ts → app/account/session.server.ts`,
        `app/${feature}/x.server.ts → app/${feature}/own.server.ts`,
        `app/favorites/uses-new.server.ts → app/${feature}/x.server.ts`,
      ]),
    );
    expect(violations.sort()).toEqual([
      `features-not-to-other-features-server: app/favorites/uses-new.server.ts → app/${feature}/x.server.ts`,
      `features-not-to-other-features-server: app/${feature}/x.server.ts → app/account/session.server.ts`,
    ]);
  });
});
