// `npm run lint`: ESLint, Prettier, dependency-cruiser and knip side by side (one after another, the
// first three alone took over 45 s on two cores), ESLint and Prettier remembering what they found
// unchanged files to be (node_modules/.cache, by content, so a fresh clone checks everything once;
// knip's cache there goes by modification time). Knip first has React Router write the route
// modules' types (`./+types/<route>`), which it must resolve. Each check's output is printed whole
// when it ends; exits 1 if any failed.
import { spawn } from "node:child_process";

const checks = [
  [
    "eslint",
    [["eslint", [".", "--max-warnings", "0", "--cache", "--cache-strategy", "content", "--cache-location", "node_modules/.cache/eslint/"]]],
  ],
  ["prettier", [["prettier", ["--check", ".", "--cache", "--cache-strategy", "content"]]]],
  ["depcruise", [["depcruise", ["app", "--config", ".dependency-cruiser.cjs"]]]],
  [
    "knip",
    [
      ["react-router", ["typegen"]],
      ["knip", ["--no-progress", "--cache", "--treat-config-hints-as-errors"]],
    ],
  ],
];

const runStep = ([command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ output: `${output}${error.message}\n`, code: 1 }));
    child.on("close", (code) => resolve({ output, code: code ?? 1 }));
  });

/** A check's steps one after another, stopping at the first that fails. */
async function run([name, steps]) {
  let output = "";
  for (const step of steps) {
    const result = await runStep(step);
    output += result.output;
    if (result.code !== 0) return { name, output, code: result.code };
  }
  return { name, output, code: 0 };
}

const results = await Promise.all(checks.map(run));
for (const { name, output, code } of results) {
  process.stdout.write(`> ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n${output}`);
}
process.exitCode = results.every(({ code }) => code === 0) ? 0 : 1;
