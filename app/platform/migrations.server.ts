import { readFileSync } from "node:fs";
import path from "node:path";

import type { Logger } from "./logger.server";

type Journal = { entries: Array<{ when: number; tag: string }> };

/**
 * Tells the operator each migration a run applied: drizzle applies, in order, those of `folder`'s
 * journal made after the newest it had recorded, and records their times. `before` and `after` are
 * that newest time around the run (0 for a new database). Without a logger (the commands), the
 * lines go to the terminal.
 */
export function logAppliedMigrations(folder: string, before: number, after: number, logger: Logger | undefined) {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  for (const { when, tag } of journal.entries) {
    if (when > before && when <= after) (logger ?? console).info(`database migration applied: ${tag}`);
  }
}
