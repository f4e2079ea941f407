// `npm test`: every check, one stage after another, stopping at the first that fails (as the `&&`
// chain it replaces did), then a table of each stage's wall time and the total, whether the run
// passed or not, so a slow CI says where its time went (issue 38: within 30 minutes on two cores).
// `node scripts/test-all.js STAGE…` runs only the named stages, in this order.
import { spawn } from "node:child_process";
import { constants } from "node:os";

const stages = [
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["unit SQLite", "npm run test:unit"],
  ["unit PostgreSQL", "npm run test:unit:pg"],
  // `npm run test:e2e` is these two stages in one.
  ["build", "npm run test:e2e:build"],
  ["e2e SQLite", "npm run test:e2e:browsers"],
  ["e2e PostgreSQL", "npm run test:e2e:pg"],
  ["multi-instance", "npm run test:multi"],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !stages.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}; the stages are: ${stages.map(([stage]) => stage).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? stages.filter(([stage]) => wanted.includes(stage)) : stages;

const results = [];
let child;
let stopping = false;

const minutes = (milliseconds) => {
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

function printSummary() {
  const width = Math.max(...stages.map(([stage]) => stage.length));
  const lines = results.map(
    ({ stage, milliseconds, code }) =>
      `  ${stage.padEnd(width)}  ${minutes(milliseconds).padStart(6)}  ${code === 0 ? "ok" : `FAILED (exit ${code})`}`,
  );
  for (const [stage] of selected.slice(results.length)) lines.push(`  ${stage.padEnd(width)}  ${"".padStart(6)}  not run`);
  const total = results.reduce((sum, { milliseconds }) => sum + milliseconds, 0);
  console.log(`\nStage times (minutes:seconds):\n${lines.join("\n")}\n  ${"total".padEnd(width)}  ${minutes(total).padStart(6)}`);
}

// Each stage runs in a process group of its own: Ctrl-C or a CI time-out is passed to the whole
// group (npm, its shell and what they started), and the table is printed once the stage has ended.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (child?.pid) process.kill(-child.pid, signal);
  });
}

for (const [stage, command] of selected) {
  console.log(`\n=== ${stage}: ${command}`);
  const started = performance.now();
  const code = await new Promise((resolve) => {
    child = spawn(command, { shell: true, stdio: "inherit", detached: true });
    child.once("error", (error) => {
      console.error(`${stage}: ${error.message}`);
      resolve(127);
    });
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? 128 + (constants.signals[signal] ?? 0)));
  });
  child = undefined;
  results.push({ stage, milliseconds: performance.now() - started, code });
  if (code !== 0 || stopping) break;
}

printSummary();
const failed = results.find(({ code }) => code !== 0);
process.exit(failed ? failed.code : stopping ? 130 : 0);
