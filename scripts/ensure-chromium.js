// Installs Debian's Chromium packages with apt-get when they are missing: `chromium` (Lighthouse
// in the bench, the social-share images) and `chromium-headless-shell` (the browser tests: the
// same engine without the full browser's user interface processes, which cut the browser passes
// by about 40 % on two cores; decision 0041).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

import { chromiumPath, headlessShellPath } from "./lib/chromium-paths.js";

const missing = [
  [chromiumPath, "chromium"],
  [headlessShellPath, "chromium-headless-shell"],
].filter(([binary]) => !existsSync(binary));

if (missing.length > 0) {
  const packages = missing.map(([, name]) => name).join(" ");
  console.log(`${missing.map(([binary]) => binary).join(", ")} not found: installing Debian's ${packages}…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq --no-install-recommends ${packages}`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
