// `npm run lint`: ESLint, Prettier and dependency-cruiser side by side (one after another they took
// over 45 s on two cores), ESLint and Prettier remembering what they found unchanged files to be
// (node_modules/.cache, by content, so a fresh clone checks everything once). Each tool's output is
// printed whole when it ends; exits 1 if any failed.
import { spawn } from "node:child_process";

const checks = [
  ["eslint", [".", "--max-warnings", "0", "--cache", "--cache-strategy", "content", "--cache-location", "node_modules/.cache/eslint/"]],
  ["prettier", ["--check", ".", "--cache", "--cache-strategy", "content"]],
  ["depcruise", ["app", "--config", ".dependency-cruiser.cjs"]],
];

const run = ([command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ command, output: `${output}${error.message}\n`, code: 1 }));
    child.on("close", (code) => resolve({ command, output, code: code ?? 1 }));
  });

const results = await Promise.all(checks.map(run));
for (const { command, output, code } of results) {
  process.stdout.write(`> ${command}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n${output}`);
}
process.exitCode = results.every(({ code }) => code === 0) ? 0 : 1;
