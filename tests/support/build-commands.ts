// Vitest's global setup: the operator's commands run from build/commands/ (package.json), so tests
// that type them (admin, db:backup, db:migrate) get them bundled from the sources as they are now.
import { execFileSync } from "node:child_process";
import path from "node:path";

export default function buildCommands() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../../scripts/build-commands.js")], { stdio: "inherit" });
}
