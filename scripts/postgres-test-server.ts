// `tsx scripts/postgres-test-server.ts [--app-database] -- COMMAND [ARGS…]` runs COMMAND against a
// throwaway PostgreSQL server: TEST_DATABASE_URL names the server (each test makes its own
// database there) and, with --app-database, DATABASE_URL names a new database for an app server
// the command starts (the e2e suite's). The server is stopped and removed when COMMAND ends,
// however it ends, and this exits with COMMAND's exit code.
import { spawn } from "node:child_process";

import { createScratchDatabase, startPostgresServer } from "../tests/support/postgres-server";

const args = process.argv.slice(2);
const appDatabase = args[0] === "--app-database";
const separator = args.indexOf("--");
const [command, ...commandArgs] = args.slice(separator + 1);
if (separator === -1 || !command) {
  console.error("usage: tsx scripts/postgres-test-server.ts [--app-database] -- <command> [args…]");
  process.exit(2);
}

const server = await startPostgresServer();
console.log(`PostgreSQL for tests at ${server.url}`);
let exitCode = 1;
try {
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: server.url };
  if (appDatabase) env.DATABASE_URL = await createScratchDatabase(server.url);
  const child = spawn(command, commandArgs, { stdio: "inherit", env });
  // Ctrl-C or a CI timeout reaches the command, which ends; then the server goes too.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  exitCode = await new Promise<number>((resolve) => {
    child.once("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
} finally {
  await server.stop();
}
process.exit(exitCode);
