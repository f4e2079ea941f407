/**
 * What the README says about the files a self-hoster copies: `.env.example` lists every variable
 * of its Configuration table, its systemd unit is the one in deploy/systemd, and that unit is
 * sandboxed as it says.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const section = (title: string) => readme.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? "";
const unitFile = path.join(root, "deploy/systemd/market-analytics.service");
const hasSystemdAnalyze = spawnSync("sh", ["-c", "command -v systemd-analyze"]).status === 0;

describe("files for self-hosters", () => {
  it(".env.example lists every variable of the README's Configuration table, commented out", () => {
    const documented = [...section("Configuration").matchAll(/^\| (`[A-Z0-9_]+`(?: \/ `[A-Z0-9_]+`)*) \|/gm)].flatMap(([, names]) =>
      [...names!.matchAll(/`([A-Z0-9_]+)`/g)].map(([, name]) => name),
    );
    const listed = [...readFileSync(path.join(root, ".env.example"), "utf8").matchAll(/^# ([A-Z0-9_]+)=/gm)].map(([, name]) => name);
    expect(documented.length).toBeGreaterThan(50);
    expect(listed).toEqual(documented);
  });

  it("the README shows the unit in deploy/systemd as it is", () => {
    const shown = /```ini\n([\s\S]*?)```/.exec(section("Run it as a service"))?.[1];
    expect(shown).toBe(readFileSync(unitFile, "utf8"));
  });

  it.skipIf(!hasSystemdAnalyze)("the unit is rated OK by systemd-analyze security", () => {
    const output = execFileSync("systemd-analyze", ["security", "--offline=true", "--no-pager", unitFile], { encoding: "utf8" });
    const exposure = Number(/Overall exposure level for market-analytics\.service: ([\d.]+)/.exec(output)?.[1]);
    expect(exposure).toBeLessThanOrEqual(2);
    for (const option of ["EnvironmentFile=", "ProtectSystem=strict", "StateDirectory=", "RestartSec=", "CapabilityBoundingSet=\n"]) {
      expect(readFileSync(unitFile, "utf8")).toContain(option);
    }
  });
});
