// Where a Playwright run's time went, from its JSON report: each spec file's summed test time per
// project (retries included), then the slowest tests. Compare files within one run: on a shared
// two-core machine absolute times vary by run.
//
//   E2E_JSON_REPORT=/tmp/e2e npm test      (or npm run test:e2e, test:e2e:pg: sqlite.json, postgresql.json)
//   node scripts/e2e-durations.js /tmp/e2e/sqlite.json [how many slowest tests, 25 by default]
import { readFileSync } from "node:fs";

const [file, top = "25"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/e2e-durations.js REPORT.json [N]");
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, "utf8"));

const tests = [];
function walk(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const results = test.results ?? [];
      tests.push({
        file: spec.file,
        title: [...titles, spec.title].join(" › "),
        project: test.projectName,
        milliseconds: results.reduce((sum, result) => sum + result.duration, 0),
        runs: results.length,
        outcome: results.length === 0 ? "not run" : (results.at(-1)?.status ?? "?"),
      });
    }
  }
  for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
}
for (const suite of report.suites) walk(suite, []);

const projects = [...new Set(tests.map((test) => test.project))];
const seconds = (milliseconds) => (milliseconds / 1000).toFixed(1).padStart(7);
const byFile = new Map();
for (const test of tests) {
  const row = byFile.get(test.file) ?? Object.fromEntries(projects.map((project) => [project, 0]));
  row[test.project] += test.milliseconds;
  byFile.set(test.file, row);
}
const total = (row) => projects.reduce((sum, project) => sum + row[project], 0);
const width = Math.max(...[...byFile.keys()].map((name) => name.length));
console.log(`${"spec file".padEnd(width)} ${projects.map((project) => project.padStart(7)).join(" ")}   total (s)`);
for (const [name, row] of [...byFile].sort((a, b) => total(b[1]) - total(a[1]))) {
  console.log(`${name.padEnd(width)} ${projects.map((project) => seconds(row[project])).join(" ")} ${seconds(total(row))}`);
}
const sum = tests.reduce((all, test) => all + test.milliseconds, 0);
const wall = report.stats?.duration;
console.log(`\nsummed test time ${seconds(sum)} s${wall ? `, wall time ${seconds(wall)} s` : ""}`);

console.log(`\nslowest ${top} tests (s, runs):`);
for (const test of [...tests].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, Number(top))) {
  console.log(`${seconds(test.milliseconds)} ${test.runs} ${test.project.padEnd(6)} ${test.file} › ${test.title} [${test.outcome}]`);
}
const retried = tests.filter((test) => test.runs > 1);
if (retried.length > 0)
  console.log(`\nretried: ${retried.map((test) => `${test.file} › ${test.title} (${test.project}, ${test.outcome})`).join("\n  ")}`);
