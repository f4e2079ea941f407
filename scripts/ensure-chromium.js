// Browser tests drive Debian's Chromium; install it with apt-get when it is missing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromiumPath)) {
  console.log(`${chromiumPath} not found: installing Debian's chromium package…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
