// `npm run bench`: every performance target of issue 9 measured in one run on this machine, as
// ratios to baselines served in the same run (a static 20 KB page from node:http, a bare React
// Router page), printed as one table saying which targets are met. Progress goes to stderr, the
// table to stdout; `--json[=file]` also writes the results (default bench-results/bench.json).
// A finished run exits 0 whatever it measured; only a failure to measure exits 1.
//
// BENCH_DURATION (s, default 10) per throughput run, BENCH_SOAK_SECONDS (default 300),
// BENCH_RENDER_ROUNDS (default 200), BENCH_LIGHTHOUSE=0 to skip Lighthouse,
// BENCH_LIGHTHOUSE_RUNS (default 5; medians, with the host's benchmarkIndex), BENCH_ONLY=soak,lighthouse (a
// comma-separated choice of budgets, throughput, instances, render, compression, proxy, lighthouse,
// realtime, screener, scale, soak), BENCH_REALTIME_SECONDS (default 30) of ticks to 1,000 socket clients.
// "scale" (issue 20, scripts/lib/scale.js) runs the app on the large database of `npm run
// data:generate` (made once in the temporary directory, then reused) and times the account pages
// for users with 10, 100 and 1,000 favourites; BENCH_SCALE_REQUESTS (default 40) per page,
// BENCH_SCALE_ACCOUNT_REQUESTS (default 30) sign-ins and sign-ups.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { checkBudgets } from "./check-budgets.js";
import { renderedRows } from "./lib/assets.js";
import { applySetCookies, closeConnections, cookieHeader, fetchText, request } from "./lib/http.js";
import { categories, lighthouseScores } from "./lib/lighthouse.js";
import {
  alternateThroughput,
  browserEncoding,
  latencyPercentiles,
  meanSequentialTimes,
  measureThroughput,
  noEncoding,
  settle,
} from "./lib/load.js";
import { moduleCosts, readMemoryProbe } from "./lib/memory.js";
import { connectWatchers } from "./lib/realtime-load.js";
import { atLeastRow, count, formatTable, kilobytes, megabytes, milliseconds, ratio, row, underRow, unmetRows } from "./lib/report.js";
import { scale } from "./lib/scale.js";
import { machineBusyShare, projectRoot, startNodeServer, startRealApp } from "./lib/servers.js";
import { findExecutable, startNginx } from "./lib/system-services.js";

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Math.max(1, Math.round(seconds / 5));
const realtimeSeconds = Number(process.env.BENCH_REALTIME_SECONDS ?? 30);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const renderRounds = Number(process.env.BENCH_RENDER_ROUNDS ?? 200);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const runLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const onlySections = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const chosen = (section) => !onlySections || onlySections.includes(section);
const jsonArgument = process.argv.slice(2).find((argument) => argument === "--json" || argument.startsWith("--json="));
const jsonPath = jsonArgument && (jsonArgument.split("=")[1] || path.join(projectRoot, "bench-results/bench.json"));

const targets = {
  throughputRatio: 0.5,
  p99Ms: 50,
  renderRatio: 2.5,
  compressionRatio: 0.95,
  soakGrowthMb: 50,
  soakP99Ms: 250,
  idleRssMb: 250,
};
const screenerTargetMs = 100;
const realtimeTargets = { clients: 1000, keysPerClient: 12, growthMb: 50, p99Ms: 200 };
const lighthouseTargets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const measuredPages = ["/", "/cryptos", "/stocks", "/cryptos/bitcoin", "/stocks/PETR4"];
/** Render cost also covers the pages of issue 19: a FII's page, the screener and a comparison (its default assets). */
const renderedPages = [...measuredPages, "/stocks/HGLG11", "/screener", "/compare"];
const lighthousePages = ["/", "/cryptos/bitcoin", "/news", "/stocks/PETR4", "/screener"];
const compressionPage = "/cryptos";
const now = Math.floor(Date.now() / 1000);
const proxyRoutes = [
  "/proxy/stocks?limit=12&page=1",
  "/proxy/stocks?search=PETR&sortBy=change&sortOrder=desc",
  "/proxy/stocks/PETR4?range=1mo&interval=1d&modules=summaryProfile",
  "/proxy/cryptos?vs_currency=usd&per_page=12&page=1&precision=2",
  "/proxy/cryptos/bitcoin",
  `/proxy/cryptos/bitcoin/market_chart?vs_currency=usd&from=${now - 31 * 86400}&to=${now}`,
  "/proxy/cryptos/search?query=bit",
  "/proxy/cryptos/trending",
  "/proxy/news?category=crypto",
  "/proxy/currencies",
];
/** Issue 19: screener queries from the lightest to the heaviest (every range, a sort on a computed ratio, the CSV of all rows). */
const screenerQueries = [
  "/screener",
  "/screener?type=fund&dyMin=10&sort=dy&order=desc",
  "/screener?type=stock&market=b3&peMin=0&peMax=10&pbMax=2&roeMin=10&sort=pe&order=asc&perPage=96",
  "/screener?dyMin=4&dyMax=20&liquidityMin=1&marketValueMin=500&marketValueMax=5000000&sort=marketValue&order=desc&perPage=96",
  "/screener?sector=papel&pbMin=0,8&pbMax=1,2&sort=pb&order=asc&page=2",
  "/screener.csv?type=stock&sort=pe&order=asc",
];
const soakAnonymousPages = [...measuredPages, "/news", "/calendar", "/currency-converter", "/release-notes"];
const soakSignedInPages = ["/", "/cryptos", "/stocks/PETR4", "/user", "/user/favorite-items", "/user/register-tables", "/auth/me"];
/** Signed-in pages whose render cost is measured, for a user with a page of favourites and a table of them (`{table}`: its path). */
const renderSignedInPages = ["/", "/cryptos", "/user", "/user/favorite-items", "/user/register-tables", "{table}", "/chat"];
const renderFavorites = {
  crypto: ["bitcoin", "ethereum", "solana", "cardano", "dogecoin", "tron"],
  stock: ["PETR4", "VALE3", "ITUB4", "BBDC4", "WEGE3", "MXRF11"],
};

const startedAt = Date.now();
const log = (message) => console.error(message);
/** A section's heading in the progress log, with the time since the start. */
const section = (title) => {
  const elapsed = Math.round((Date.now() - startedAt) / 1000);
  log(`\n[${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, "0")}] ${title}`);
};
const pageName = (page) => (page === "/" ? "home" : page);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const runSummary = (run) =>
  `${count(run.requestsPerSecond)} req/s, p50 ${Math.round(run.p50)} ms, p99 ${run.p99} ms, ${kilobytes(run.bytesPerResponse)}/answer, ` +
  `server CPU ${Math.round(run.serverCpu * 100)}%, failures ${run.failures}` +
  (run.failures > 0 ? ` (${run.errors} connection errors, ${run.timeouts} timeouts)` : "") +
  (Object.keys(run.statusCodes).some((code) => code !== "200") ? `, status codes ${JSON.stringify(run.statusCodes)}` : "");

/** Builds bench/bare-app into a temporary directory that can still resolve the project's packages. */
async function buildBareApp() {
  const buildDir = mkdtempSync(path.join(os.tmpdir(), "bench-bare-app-"));
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(buildDir, "node_modules"));
  const cli = path.join(projectRoot, "node_modules/@react-router/dev/bin.js");
  const child = spawn(process.execPath, [cli, "build", "bench/bare-app"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", BARE_APP_BUILD_DIR: buildDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`Building bench/bare-app failed:\n${output}`);
  }
  return buildDir;
}

async function startServers() {
  const bareBuild = await buildBareApp();
  const started = await Promise.allSettled([
    startNodeServer({ name: "static", script: "bench/static-server.js" }),
    startNodeServer({
      name: "bare",
      script: "bench/bare-app/server.js",
      env: { NODE_ENV: "production", BARE_APP_BUILD_DIR: bareBuild },
      readyPath: "/?rows=1",
      ownDirs: [bareBuild],
    }),
    startRealApp({ name: "app", memoryProbe: true }),
    startRealApp({ name: "app without page cache", pageCache: false }),
  ]);
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  const [staticPage, bare, app, uncached] = servers;
  return { staticPage, bare, app, uncached };
}

/**
 * Item 1: anonymous pages from the page cache against the static page, 50 connections; each page
 * takes turns with the static page, so that each ratio compares runs of the same moment.
 */
async function throughput({ staticPage, app }, details) {
  section(
    `Throughput: 50 connections, ${seconds} s per page and as long for the static page, in turns, ` +
      `Accept-Encoding: ${browserEncoding["Accept-Encoding"]}`,
  );
  const rows = [];
  const pages = [];
  let failures = 0;
  for (const page of measuredPages) {
    const [baseline, run] = await alternateThroughput([{ server: staticPage }, { server: app, path: page }], { seconds, warmupSeconds });
    log(`  static 20 KB page: ${runSummary(baseline)}\n  ${pageName(page)}: ${runSummary(run)}`);
    pages.push({ page, baseline, run });
    const share = run.requestsPerSecond / baseline.requestsPerSecond;
    const rates = `${count(run.requestsPerSecond)} ÷ ${count(baseline.requestsPerSecond)}`;
    rows.push(
      atLeastRow("1", `${pageName(page)}: req/s ÷ static`, share, targets.throughputRatio, ratio, rates),
      underRow("1", `${pageName(page)}: p99 latency`, run.p99, targets.p99Ms, (ms) => `${ms} ms`),
    );
    failures += baseline.failures + baseline.redirects + run.failures + run.redirects;
  }
  details.throughput = pages;
  rows.push(row("1", "errors and non-2xx answers in these runs", String(failures), "0", failures === 0));
  return rows;
}

/**
 * Two instances behind nginx (the reference configuration) against one instance on its own, with
 * the public pages of item 1 in turn; nginx in front of the one instance alone shows what the
 * proxy itself costs. The load generator shares the machine with all of them, so on two cores the
 * second instance gains little: the figure is for information.
 */
async function instances({ app }, details) {
  const measure = "public pages: two instances behind nginx ÷ one instance, req/s";
  if (!findExecutable("nginx")) {
    log("\n  nginx is not installed (Debian: apt-get install nginx-light): two instances behind nginx not measured");
    return [row("—", measure, "not measured: nginx is not installed", "—", null)];
  }
  section(`Instances: ${measuredPages.length} public pages in turn, 50 connections, one instance, nginx over one, nginx over two`);
  const second = await startRealApp({ name: "second instance" });
  const proxies = [];
  try {
    const upstream = (server) => new URL(server.url).host;
    proxies.push(await startNginx({ upstreams: [upstream(app)] }), await startNginx({ upstreams: [upstream(app), upstream(second)] }));
    const [overOne, overTwo] = proxies;
    const requests = measuredPages.map((page) => ({ method: "GET", path: page, headers: browserEncoding }));
    const behind = (proxy, servers) => ({
      url: proxy.url,
      cpuSeconds: () => servers.reduce((total, server) => total + server.cpuSeconds(), proxy.cpuSeconds()),
    });
    const [alone, proxiedOne, proxiedTwo] = await alternateThroughput(
      [
        { server: app, requests },
        { server: behind(overOne, [app]), requests },
        { server: behind(overTwo, [app, second]), requests },
      ],
      { seconds, warmupSeconds },
    );
    log(
      `  one instance: ${runSummary(alone)}\n  nginx, one instance: ${runSummary(proxiedOne)}\n  nginx, two instances: ${runSummary(proxiedTwo)}`,
    );
    details.instances = { alone, proxiedOne, proxiedTwo };
    const failures = [alone, proxiedOne, proxiedTwo].reduce((total, run) => total + run.failures + run.redirects, 0);
    const share = (run) =>
      alone.requestsPerSecond > 0
        ? `${ratio(run.requestsPerSecond / alone.requestsPerSecond)} (${count(run.requestsPerSecond)} ÷ ${count(alone.requestsPerSecond)})`
        : "not measured: no answer completed on one instance";
    return [
      row("—", measure, `${share(proxiedTwo)}, ${os.cpus().length} cores`, "—", null),
      row("—", "public pages: nginx over one instance ÷ one instance, req/s", share(proxiedOne), "—", null),
      row("—", "errors and non-2xx answers in these runs", String(failures), "0", failures === 0),
    ];
  } finally {
    await Promise.all([...proxies.map((proxy) => proxy.stop()), second.stop()]);
  }
}

/** Item 2: a cache miss of each page against the bare page with as many rows, one request at a time. */
async function renderCost({ bare, uncached }, details) {
  section(`Render cost: page cache off, ${renderRounds} sequential requests to each page and to the bare page, taking turns`);
  const rows = [];
  details.render = [];
  // The bare page's few rows of code reach their steady speed later than the app's pages, each
  // warmed by its own rounds: until then the first pages would be measured against a slow baseline.
  for (const rowCount of [1, 12, 50, 100]) {
    await meanSequentialTimes([`${bare.url}/?rows=${rowCount}`], { rounds: 1, warmupRounds: 100 });
  }
  for (const page of renderedPages) {
    const rowCount = Math.max(1, renderedRows(await fetchText(uncached.url + page)));
    const [appMs = 0, bareMs = 0] = await meanSequentialTimes([uncached.url + page, `${bare.url}/?rows=${rowCount}`], {
      rounds: renderRounds,
    });
    const times = appMs / bareMs;
    log(`  ${pageName(page)}: ${milliseconds(appMs)} vs bare page with ${rowCount} rows ${milliseconds(bareMs)}`);
    details.render.push({ page, rows: rowCount, appMs, bareMs });
    const detail = `${milliseconds(appMs)} ÷ ${milliseconds(bareMs)}`;
    rows.push(underRow("2", `${pageName(page)} uncached ÷ bare page, ${rowCount} rows`, times, targets.renderRatio, ratio, detail));
  }
  // Signed-in pages are never kept: each request renders, whichever server answers it.
  const cookie = await signedInCookies(uncached);
  const table = await seedFavorites(uncached, cookie);
  const headers = { ...browserEncoding, Cookie: cookie };
  for (const page of renderSignedInPages.map((path) => (path === "{table}" ? table : path))) {
    const rowCount = Math.max(1, renderedRows(await fetchText(uncached.url + page, { "Accept-Encoding": "identity", Cookie: cookie })));
    const [appMs = 0, bareMs = 0] = await meanSequentialTimes([uncached.url + page, `${bare.url}/?rows=${rowCount}`], {
      rounds: renderRounds,
      headers,
    });
    const times = appMs / bareMs;
    log(`  ${pageName(page)} signed in: ${milliseconds(appMs)} vs bare page with ${rowCount} rows ${milliseconds(bareMs)}`);
    details.render.push({ page, signedIn: true, rows: rowCount, appMs, bareMs });
    const detail = `${milliseconds(appMs)} ÷ ${milliseconds(bareMs)}`;
    const measure = `${pageName(page)} signed in ÷ bare page, ${rowCount} rows`;
    rows.push(underRow("2", measure, times, targets.renderRatio, ratio, detail));
  }
  return rows;
}

/** Stars `renderFavorites` for the user of `cookie` and puts them in a new record table; the table's path. */
async function seedFavorites(app, cookie) {
  const post = async (path, fields) => {
    const answer = await request(app.url + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });
    if (answer.status !== 302) throw new Error(`POST ${path} answered ${answer.status}`);
    return String(answer.headers.location ?? "");
  };
  for (const [assetType, ids] of Object.entries(renderFavorites)) {
    for (const assetId of ids) await post("/favorites", { assetType, assetId, intent: "add", redirectTo: "/" });
  }
  const table = await post("/user/register-tables", { title: "Bench table", description: "" });
  const favoriteIds = [...(await fetchText(`${app.url}${table}`, { Cookie: cookie })).matchAll(/<option value="(\d+)"/g)].map(
    (match) => match[1] ?? "",
  );
  for (const favoriteId of favoriteIds) await post(table, { intent: "addItem", favoriteId });
  return table;
}

/**
 * Item 5: compressed against identity answers, for a kept page (50 connections) and for a page
 * rendered per request (10 connections: enough to keep the server busy, and latencies stay sane).
 */
async function compression({ app, uncached }, details) {
  section(`Compression: ${compressionPage}, identity against ${browserEncoding["Accept-Encoding"]}`);
  const rows = [];
  details.compression = [];
  for (const [label, server, connections] of [
    ["page cache hit", app, 50],
    ["page cache miss", uncached, 10],
  ]) {
    const options = { server, path: compressionPage, connections };
    const [plain, compressed] = await alternateThroughput(
      [
        { ...options, headers: noEncoding },
        { ...options, headers: browserEncoding },
      ],
      { seconds, warmupSeconds },
    );
    log(`  ${label}, identity: ${runSummary(plain)}\n  ${label}, compressed: ${runSummary(compressed)}`);
    details.compression.push({ label, plain, compressed });
    const gain = compressed.requestsPerSecond / plain.requestsPerSecond;
    const detail =
      `${count(compressed.requestsPerSecond)} vs ${count(plain.requestsPerSecond)} req/s; ` +
      `${kilobytes(compressed.bytesPerResponse)} vs ${kilobytes(plain.bytesPerResponse)}`;
    const measure = `${label} ${compressionPage} (${connections} connections): compressed ÷ identity req/s`;
    rows.push(atLeastRow("5", measure, gain, targets.compressionRatio, ratio, detail));
  }
  return rows;
}

/** Folded in from the former bench:data: /proxy routes from a warm cache against /healthz. */
async function proxyLatency({ app }, details) {
  section("/proxy latency: 1000 requests per route, 10 at a time, warm cache, identity");
  const healthz = await latencyPercentiles(`${app.url}/healthz`);
  const routes = [];
  for (const route of proxyRoutes) {
    const times = await latencyPercentiles(app.url + route);
    routes.push({ route, ...times, p99Ratio: times.p99 / healthz.p99 });
    const shown = route.replace(/from=\d+&to=\d+/, "from=…&to=…");
    log(`  ${shown}: p50 ${milliseconds(times.p50)}, p99 ${milliseconds(times.p99)} (${ratio(times.p99 / healthz.p99)} × /healthz)`);
  }
  details.proxy = { healthz, routes };
  const ratios = routes.map((route) => route.p99Ratio);
  const value = `${ratio(median(ratios))} / ${ratio(Math.max(...ratios))}`;
  return [row("—", `/proxy (${routes.length} routes): p99 ÷ /healthz p99, median / worst`, value, "—", null)];
}

/**
 * Item 4: Lighthouse's mobile preset, `lighthouseRuns` rounds (each a fresh Chromium going through
 * every page), the median of each figure per page. Simulated throttling scales what Lighthouse saw
 * happen on this machine, so the scores follow the host's speed: each page's figures go out with
 * the benchmarkIndex that Lighthouse measured in its runs (median and range).
 */
async function lighthouse({ app }, details) {
  section(`Lighthouse: ${lighthouseRuns} run(s) per page, medians`);
  const rounds = [];
  for (let round = 0; round < lighthouseRuns; round++) rounds.push(await lighthouseScores(lighthousePages.map((page) => app.url + page)));
  log(`  settings: ${rounds[0]?.get(app.url + lighthousePages[0])?.settings}`);
  details.lighthouse = [];
  return lighthousePages.map((page) => {
    const runs = rounds.map((found) => found.get(app.url + page));
    const completed = runs.filter((run) => !run.error);
    const errors = runs.flatMap((run) => (run.error ? [run.error] : []));
    const scores = Object.fromEntries(categories.map((name) => [name, median(completed.map((run) => run.scores[name]))]));
    const metrics = Object.fromEntries(["tbt", "fcp", "lcp"].map((name) => [name, median(completed.map((run) => run.metrics[name]))]));
    const indexes = runs.map((run) => run.benchmarkIndex);
    const benchmarkIndex = { median: median(indexes), min: Math.min(...indexes), max: Math.max(...indexes) };
    const failed = [...new Set(completed.flatMap((run) => Object.values(run.failed).flat()))];
    const timing = `TBT ${count(metrics.tbt)} ms, FCP ${count(metrics.fcp)} ms, LCP ${count(metrics.lcp)} ms`;
    const host = `benchmarkIndex ${count(benchmarkIndex.median)} (${count(benchmarkIndex.min)}–${count(benchmarkIndex.max)})`;
    const incomplete = errors.length ? `; ${errors.length} of ${runs.length} runs failed: ${errors.join(", ")}` : "";
    log(
      `  ${pageName(page)}: performance ${scores.performance} (${timing}), ${host}; ` +
        `accessibility ${scores.accessibility}, best practices ${scores["best-practices"]}, SEO ${scores.seo}${incomplete}` +
        (failed.length ? `; audits losing points: ${failed.join(", ")}` : ""),
    );
    details.lighthouse.push({ page, scores, metrics, benchmarkIndex, failed, runs });
    const short = categories.filter((name) => scores[name] < lighthouseTargets[name]);
    return row(
      "4",
      `Lighthouse ${pageName(page)}: performance / accessibility / best practices / SEO`,
      `${categories.map((name) => scores[name]).join(" / ")} (${timing}; ${host}${incomplete})`,
      `≥ ${categories.map((name) => lighthouseTargets[name]).join(" / ")}`,
      completed.length > 0 && short.length === 0,
    );
  });
}

/**
 * Issue 19: the screener's answer time for each query, page cache off (the loader screens every
 * listed asset on each request): 100 requests one at a time, whose p99 is the answer time against
 * 100 ms, then 200 with 4 at a time, shown beside it (on one Node process they queue behind each other).
 */
async function screener({ uncached }, details) {
  section(`Screener: ${screenerQueries.length} queries, page cache off, 100 requests one at a time, then 200 with 4 at a time`);
  const queries = [];
  for (const query of screenerQueries) {
    const alone = await latencyPercentiles(uncached.url + query, { count: 100, concurrency: 1 });
    const busy = await latencyPercentiles(uncached.url + query, { count: 200, concurrency: 4 });
    queries.push({ query, ...alone, busy });
    log(
      `  ${query}: alone p50 ${milliseconds(alone.p50)}, p99 ${milliseconds(alone.p99)}; 4 at a time p50 ${milliseconds(busy.p50)}, p99 ${milliseconds(busy.p99)}`,
    );
  }
  details.screener = queries;
  const slowest = queries.reduce((worst, query) => (query.p99 > worst.p99 ? query : worst));
  return [
    underRow(
      "—",
      `screener (${queries.length} queries, uncached, one at a time): p99 of the slowest query`,
      slowest.p99,
      screenerTargetMs,
      milliseconds,
      `${slowest.query}: p50 ${milliseconds(slowest.p50)}; 4 at a time p99 ${milliseconds(Math.max(...queries.map((query) => query.busy.p99)))} at worst`,
    ),
  ];
}

/** Registers a user through the form, as a browser would, and returns the cookies it was given. */
async function signedInCookies(app) {
  const jar = new Map();
  const stamp = Date.now().toString(36);
  const form = new URLSearchParams({
    email: `bench-${stamp}@example.test`,
    name: "Bench User",
    nickname: `bench_${stamp}`,
    password: "bench-Pass-1",
    confirmPassword: "bench-Pass-1",
    redirectTo: "/",
  });
  const registered = await request(`${app.url}/register`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: form.toString(),
  });
  applySetCookies(jar, registered.headers["set-cookie"] ?? []);
  if (registered.status !== 302 || !jar.has("access_token")) throw new Error(`Registering the soak's user answered ${registered.status}`);
  // Following the redirect consumes the welcome toast's flash cookie, as a browser would.
  const landed = await request(app.url + String(registered.headers.location ?? "/"), { headers: { Cookie: cookieHeader(jar) } });
  applySetCookies(jar, landed.headers["set-cookie"] ?? []);
  return cookieHeader(jar);
}

/**
 * Resident memory of an idle server, the lowest of 5 s of readings: right after load it still
 * holds garbage that the next collections give back, which is not growth.
 */
async function idleRss(server) {
  await settle(server);
  let lowest = server.rssMb();
  for (let reading = 0; reading < 10; reading++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    lowest = Math.min(lowest, server.rssMb());
  }
  return lowest;
}

/**
 * Issue 20: where an idle server's memory goes. The modules' share is measured in a fresh Node,
 * group after group; the rest of the RSS is the running server's own (its data, caches, the page
 * cache and what V8 and the allocator keep in reserve). Returns the server's reading (bytes).
 */
async function memoryBreakdown(app, rssMb) {
  const probe = await readMemoryProbe(app);
  const costs = await moduleCosts();
  const mb = (bytes) => (bytes / 1048576).toFixed(1).padStart(6);
  const loaded = costs.filter((cost) => !cost.onDemand);
  const loadedRss = loaded.reduce((sum, cost) => sum + cost.rss, 0);
  const loadedHeap = loaded.reduce((sum, cost) => sum + cost.heapUsed, 0);
  const youngGeneration = probe.spaces.new_space?.size ?? 0;
  log(
    `  where the idle server's memory goes: RSS ${rssMb.toFixed(1)} MB; after a collection ${mb(probe.rss).trim()} MB, ` +
      `heap used ${mb(probe.heapUsed).trim()} MB of ${mb(probe.heapTotal).trim()} MB (young generation ${mb(youngGeneration).trim()} MB)`,
  );
  const line = (name, rss, heap, sign = "+") => log(`    ${name.padEnd(66)} ${sign}${mb(rss)} MB RSS  ${sign}${mb(heap)} MB heap`);
  for (const [index, cost] of loaded.entries()) line(cost.name, cost.rss, cost.heapUsed, index === 0 ? " " : "+");
  line("the running server: data, caches, V8's and the allocator's reserve", probe.rss - loadedRss, probe.heapUsed - loadedHeap);
  for (const cost of costs.filter((cost) => cost.onDemand)) line(`(${cost.name})`, cost.rss, cost.heapUsed);
  return { probe, costs };
}

/** Item 6: mixed anonymous, /proxy and signed-in traffic; no failures and bounded memory growth. */
async function soak({ app }, details) {
  const cookie = await signedInCookies(app);
  const requests = [
    ...soakAnonymousPages.map((page) => ({ method: "GET", path: page, headers: browserEncoding })),
    ...proxyRoutes.map((route) => ({ method: "GET", path: route, headers: browserEncoding })),
    ...soakSignedInPages.map((page) => ({ method: "GET", path: page, headers: { ...browserEncoding, Cookie: cookie } })),
  ];
  for (const { path: page, headers } of requests) {
    const { status } = await request(app.url + page, { headers });
    if (status !== 200) log(`  warning: ${page}${headers.Cookie ? " (signed in)" : ""} answered ${status} before the soak`);
  }
  const warmup = Math.max(10, Math.round(soakSeconds / 10));
  section(
    `Soak: ${soakSeconds} s after ${warmup} s of warm-up, 50 connections, ` +
      `${requests.length} routes in turn (${soakSignedInPages.length} signed in)`,
  );
  await measureThroughput({ server: app, requests, seconds: warmup, warmupSeconds: 0 });
  const rssBefore = await idleRss(app);
  const memory = await memoryBreakdown(app, rssBefore);
  // Readings during the soak tell a leak (steady growth) from a heap settling at its size.
  const rssDuring = [];
  const sampling = setInterval(() => rssDuring.push(Math.round(app.rssMb())), Math.max(1, soakSeconds / 10) * 1000);
  const run = await measureThroughput({ server: app, requests, seconds: soakSeconds, warmupSeconds: 0 }).finally(() =>
    clearInterval(sampling),
  );
  const rssAfter = await idleRss(app);
  const probeAfter = await readMemoryProbe(app);
  const growth = rssAfter - rssBefore;
  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  log(`  ${runSummary(run)}`);
  log(`  RSS idle ${rssBefore.toFixed(1)} MB; during the soak ${rssDuring.join(", ")} MB; idle after ${rssAfter.toFixed(1)} MB`);
  log(
    `  heap used after a collection: ${mb(memory.probe.heapUsed)} before the soak, ${mb(probeAfter.heapUsed)} after ` +
      `(heap reserved ${mb(memory.probe.heapTotal)} → ${mb(probeAfter.heapTotal)}; outside the heap ${mb(memory.probe.rss - memory.probe.heapTotal)} → ${mb(probeAfter.rss - probeAfter.heapTotal)})`,
  );
  details.soak = { seconds: soakSeconds, warmupSeconds: warmup, run, rssBefore, rssDuring, rssAfter, memory, probeAfter };
  const megabytesOf = (bytes) => megabytes(bytes / 1048576);
  return [
    underRow(
      "6",
      "idle server memory (RSS) after the warm-up",
      rssBefore,
      targets.idleRssMb,
      megabytes,
      `heap used ${megabytesOf(memory.probe.heapUsed)}; where the rest goes: the bench's log`,
    ),
    row(
      "6",
      `soak ${soakSeconds} s, mixed routes: errors and non-2xx`,
      `${run.failures} of ${count(run.total)} (${count(run.requestsPerSecond)} req/s; ${run.redirects} redirects)`,
      "0",
      run.failures === 0,
    ),
    underRow(
      "6",
      "soak: p99 answer time at 50 connections",
      run.p99,
      targets.soakP99Ms,
      milliseconds,
      `p50 ${milliseconds(run.p50)}; server CPU ${Math.round(run.serverCpu * 100)}%`,
    ),
    underRow(
      "6",
      "soak: server memory (RSS) growth",
      growth,
      targets.soakGrowthMb,
      megabytes,
      `${megabytes(rssBefore)} → ${megabytes(rssAfter)}`,
    ),
  ];
}

/**
 * Issue 18: 1,000 socket clients watching 12 keys each on one instance, as many browsers on the
 * market pages would. Memory growth, tick latency (publish → client) and CPU while the demo
 * generator ticks, with pages still answering meanwhile.
 */
async function realtime({ app }, details) {
  const { clients, keysPerClient } = realtimeTargets;
  const list = JSON.parse(await fetchText(`${app.url}/proxy/cryptos?vs_currency=usd&per_page=100&page=1`));
  const keys = list.flatMap(({ id }) => [`crypto:${id}:usd`, `crypto:${id}:brl`]);
  section(`Realtime: ${clients} socket clients × ${keysPerClient} of ${keys.length} live keys, ${realtimeSeconds} s of ticks`);
  const rssBefore = await idleRss(app);
  const watchers = await connectWatchers(app.url, { clients, keys, keysPerClient });
  try {
    await settle(app);
    const rssConnected = await idleRss(app);
    const cpuBefore = app.cpuSeconds();
    watchers.record(true);
    const pageErrors = [];
    let pagesAsked = 0;
    const deadline = Date.now() + realtimeSeconds * 1000;
    while (Date.now() < deadline) {
      for (const page of measuredPages) {
        const { status } = await request(app.url + page, { headers: browserEncoding });
        pagesAsked++;
        if (status !== 200) pageErrors.push(`${page} ${status}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    watchers.record(false);
    const cpuShare = (app.cpuSeconds() - cpuBefore) / realtimeSeconds;
    const latencies = [...watchers.latencies].sort((a, b) => a - b);
    const at = (quantile) => latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? Infinity;
    const growth = rssConnected - rssBefore;
    const { connectErrors, disconnects } = watchers.problems;
    log(
      `  ${watchers.connected()} of ${clients} connected; RSS ${rssBefore.toFixed(1)} → ${rssConnected.toFixed(1)} MB; ` +
        `${count(latencies.length)} ticks, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; server CPU ${Math.round(cpuShare * 100)}%; ` +
        `${pagesAsked} pages, ${pageErrors.length} errors`,
    );
    details.realtime = {
      clients,
      keysPerClient,
      keys: keys.length,
      rssBefore,
      rssConnected,
      ticks: latencies.length,
      p50: at(0.5),
      p99: at(0.99),
      cpuShare,
      pageErrors,
      connectErrors,
      disconnects,
    };
    const failures = connectErrors + disconnects + pageErrors.length;
    return [
      underRow(
        "—",
        `realtime: RSS growth for ${clients} socket clients × ${keysPerClient} keys`,
        growth,
        realtimeTargets.growthMb,
        megabytes,
        `${megabytes(rssBefore)} → ${megabytes(rssConnected)}; ${((growth * 1024) / clients).toFixed(1)} kB per client`,
      ),
      underRow(
        "—",
        "realtime: tick latency p99 (publish → client)",
        at(0.99),
        realtimeTargets.p99Ms,
        milliseconds,
        `p50 ${milliseconds(at(0.5))}; ${count(latencies.length)} ticks in ${realtimeSeconds} s; server CPU ${Math.round(cpuShare * 100)}%`,
      ),
      row(
        "—",
        "realtime: connect errors, drops and page errors meanwhile",
        `${failures} (${pagesAsked} pages asked)`,
        "0",
        failures === 0 && latencies.length > 0,
      ),
    ];
  } finally {
    watchers.close();
  }
}

const machine = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  node: process.version,
  busyBeforeStart: await machineBusyShare(),
};
const busy = `machine ${Math.round(machine.busyBeforeStart * 100)}% busy before the start`;
log(`Bench on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${busy}`);
const servers = await startServers();
const details = {};
const rows = [];
try {
  if (chosen("budgets")) rows.push(...(await checkBudgets({ baseUrl: servers.app.url })));
  if (chosen("throughput")) rows.push(...(await throughput(servers, details)));
  if (chosen("instances")) rows.push(...(await instances(servers, details)));
  if (chosen("render")) rows.push(...(await renderCost(servers, details)));
  if (chosen("compression")) rows.push(...(await compression(servers, details)));
  if (chosen("proxy")) rows.push(...(await proxyLatency(servers, details)));
  if (runLighthouse && chosen("lighthouse")) rows.push(...(await lighthouse(servers, details)));
  if (chosen("screener")) rows.push(...(await screener(servers, details)));
  if (chosen("realtime")) rows.push(...(await realtime(servers, details)));
  if (chosen("scale")) rows.push(...(await scale({ log, section }, details)));
  if (chosen("soak")) rows.push(...(await soak(servers, details)));
} finally {
  closeConnections();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
}

const order = ["1", "2", "3", "4", "5", "6", "—"];
rows.sort((a, b) => order.indexOf(a.item) - order.indexOf(b.item));
console.log(`\n## Bench ${machine.date.slice(0, 10)}: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${busy}\n`);
if (machine.busyBeforeStart > 0.25) {
  console.log("Warning: other work was running on the machine when the bench started; its figures are unreliable.\n");
}
console.log(formatTable(rows));
const unmet = unmetRows(rows);
const unmetList = unmet.map((result) => `- ${result.item}: ${result.measure}`).join("\n");
console.log(unmet.length === 0 ? "\nAll targets met." : `\n${unmet.length} target(s) not met:\n${unmetList}`);
if (jsonPath) {
  mkdirSync(path.dirname(jsonPath), { recursive: true });
  const settings = { seconds, soakSeconds, renderRounds, lighthouseRuns: runLighthouse ? lighthouseRuns : 0 };
  writeFileSync(jsonPath, `${JSON.stringify({ machine, settings, rows, details }, null, 2)}\n`);
  log(`\nResults written to ${path.relative(process.cwd(), jsonPath)}`);
}
