import type { KnipConfig } from "knip";

// `npm run lint` runs knip (after `react-router typegen`, which writes the `./+types/<route>` modules
// that route modules import): files nothing reaches, exports nothing imports, dependencies nothing
// uses. Knip's plugins find most entries themselves: React Router's (app/routes.ts's route modules,
// root.tsx, entry.*.tsx), Vite's (app/start.server.ts, the server build's input), Vitest's and
// Playwright's (test files, global setup), Drizzle's (drizzle.config.ts and its schema) and the npm
// scripts' (server.js, scripts/*.js). A route module's exports (loader, action, meta, default…)
// belong to the framework, and an entry's exports are never reported.
const config: KnipConfig = {
  entry: [
    // npm scripts run through tsx, and the operator's commands (bundled by scripts/build-commands.js).
    "scripts/*.{js,ts}",
    "scripts/commands/*.ts",
    // Programs started in a process of their own: a probe preloaded into the benched server, and
    // one app instance opening PostgreSQL (tests/unit/db.test.ts).
    "scripts/lib/memory-probe.js",
    "tests/support/open-postgres.ts",
    // The bare React Router app `npm run bench` builds as its baseline, and its static server.
    "bench/bare-app/{server.js,*.config.ts}",
    "bench/bare-app/app/{root,routes}.{ts,tsx}",
    "bench/bare-app/app/routes/*.tsx",
    "bench/static-server.js",
    // `npm run db:generate:pg`.
    "drizzle.pg.config.ts",
  ],
  project: ["**/*.{js,ts,tsx}"],
  // An export that only its own module uses loses `export`. One that a unit test imports counts as
  // used: tests are entries (through the Vitest and Playwright plugins), so a pure function
  // exported to be tested stays exported.
  ignoreExportsUsedInFile: false,
  ignoreDependencies: [
    // Its SVGs are reached through Vite's import.meta.glob (app/ui/converter/currency-flags.ts), not an import.
    "flag-icons",
  ],
  // System programs the app, scripts and tests start (Debian's packages), not npm binaries.
  ignoreBinaries: [
    "apt-get",
    "pg_dump",
    "pg_restore",
    "redis-server",
    "systemd-analyze",
    "mkfs.ext4",
    "truncate",
    "mount",
    "findmnt",
    "umount",
  ],
};

export default config;
