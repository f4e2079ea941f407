// The bench's "scale" section (issue 20, "Cost as the work grows"): the real app on the large
// SQLite database of scripts/generate-data.ts (made once and kept in the system's temporary
// directory, then copied for each run so every run starts from the same rows), signed in as the
// measured users. Each page's time for a user with 10, 100 and 1,000 favourites (record tables of
// as many items, 10 / 100 / 2,000 chat messages), the admin lists' first and last pages, sign-in
// and sign-up. Target: a page's time grows no faster than the rows it shows; a paged page stays
// flat as the user's total grows (its 1,000 ÷ 10 ratio at most 1.5).
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { renderedRows } from "./assets.js";
import { applySetCookies, cookieHeader, request } from "./http.js";
import { milliseconds, ratio, row } from "./report.js";
import {
  adminEmail,
  generatedEmail,
  generatorVersion,
  measuredEmail,
  measuredSizes,
  scalePassword,
  scaleTotals,
} from "./scale-accounts.js";
import { projectRoot, startRealApp } from "./servers.js";

/** A paged page may take this much longer for the largest user than for the smallest. */
const flatRatio = 1.5;
const requestsPerPage = Number(process.env.BENCH_SCALE_REQUESTS ?? 40);
const accountRequests = Number(process.env.BENCH_SCALE_ACCOUNT_REQUESTS ?? 30);
const cacheDir = path.join(os.tmpdir(), `market-analytics-scale-v${generatorVersion}`);
const target = `≤ max(${flatRatio}, rows ratio)`;

const isGenerated = () => {
  try {
    const marker = JSON.parse(readFileSync(path.join(cacheDir, "scale-data.json"), "utf8"));
    return marker.generatorVersion === generatorVersion && marker.scale === 1 && existsSync(path.join(cacheDir, "app.db"));
  } catch {
    return false;
  }
};

/** The large database: reused when a previous run made it, else generated (about a minute or two). */
async function scaleDatabase(log) {
  if (isGenerated()) {
    log(`  reusing the large database in ${cacheDir}`);
    return;
  }
  rmSync(cacheDir, { recursive: true, force: true });
  log(`  generating the large database in ${cacheDir} (npm run data:generate)`);
  const tsx = path.join(projectRoot, "node_modules/tsx/dist/cli.mjs");
  const child = spawn(process.execPath, [tsx, "scripts/generate-data.ts"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: cacheDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0 || !isGenerated()) throw new Error(`Generating the large database failed (exit code ${code})`);
}

/** Each request from its own address, so the per-address sign-in and sign-up limits never answer instead of the app. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const postForm = (app, pathname, fields, headers = {}) =>
  request(app.url + pathname, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      "X-Forwarded-For": nextAddress(),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

async function signIn(app, email) {
  const answer = await postForm(app, "/login", { email, password: scalePassword, redirectTo: "/" });
  const jar = applySetCookies(new Map(), answer.headers["set-cookie"] ?? []);
  if (answer.status !== 302 || !jar.has("access_token")) throw new Error(`Signing in as ${email} answered ${answer.status}`);
  return jar;
}

const percentile = (sorted, quantile) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? 0;

/**
 * One request at a time (the page's own cost, no queueing), after 3 to warm the caches; the jar
 * follows the cookies the app sets, as a browser would (a refreshed session keeps working).
 */
async function timePage(app, jar, pathname, count = requestsPerPage) {
  const times = [];
  let body = "";
  for (let n = 0; n < count + 3; n++) {
    const answer = await request(app.url + pathname, { headers: { "Accept-Encoding": "identity", Cookie: cookieHeader(jar) } });
    applySetCookies(jar, answer.headers["set-cookie"] ?? []);
    if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
    if (n >= 3) times.push(answer.ms);
    body = answer.body.toString("utf8");
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), body };
}

const chatMessagesShown = (html) => html.match(/data-testid="chat-message-(?:user|ai)"/g)?.length ?? 0;
const csvRows = (text) => Math.max(0, text.trim().split("\n").length - 1);
const feedbackShown = (html) => {
  const list = /data-testid="feedback-list"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? "";
  return list.match(/<li\b/g)?.length ?? 0;
};

/**
 * Measures `page(size)` for each measured user and returns the rows of the table: one per size
 * for information, then the largest ÷ smallest ratio against the rows-shown ratio.
 */
async function sizedPages({ name, jars, page, shown, stored, log, details }) {
  const results = [];
  for (const size of measuredSizes) {
    const pathname = page(size);
    const { p50, p99, body } = await timePage(current, jars.get(size), pathname);
    const rows = shown(body);
    results.push({ size, pathname, p50, p99, rows, stored: stored(size) });
    log(`  ${name}, ${stored(size)}: p50 ${milliseconds(p50)}, p99 ${milliseconds(p99)}, ${rows} rows shown`);
  }
  details.push({ name, results });
  const first = results[0];
  const last = results[results.length - 1];
  const rowsRatio = Math.max(1, last.rows) / Math.max(1, first.rows);
  const limit = Math.max(flatRatio, rowsRatio);
  const grows = last.p50 / first.p50;
  return [
    ...results.map((result) =>
      row(
        "—",
        `scale: ${name}, ${result.stored}`,
        `p50 ${milliseconds(result.p50)}, p99 ${milliseconds(result.p99)}; ${result.rows} rows shown`,
        "—",
        null,
      ),
    ),
    row(
      "—",
      `scale: ${name}, p50 ${last.stored} ÷ ${first.stored}`,
      `${ratio(grows)} (rows shown ${last.rows} ÷ ${first.rows} = ${ratio(rowsRatio)})`,
      target,
      grows <= limit,
    ),
  ];
}

/** The app on the large database, while the section runs. */
let current;

/** Sign-in and sign-up timed from the first byte sent to the redirect's last byte, `count` of each. */
async function accountForms(log) {
  const signIns = [];
  for (let n = 1; n <= accountRequests; n++) {
    // Ordinary accounts spread over the table, each signed in once.
    const email = generatedEmail(1 + ((n * 2_654_435_761) % (scaleTotals.users - 10)));
    const answer = await postForm(current, "/login", { email, password: scalePassword, redirectTo: "/" });
    if (answer.status !== 302) throw new Error(`Signing in as ${email} answered ${answer.status}`);
    signIns.push(answer.ms);
  }
  const signUps = [];
  const stamp = Date.now().toString(36);
  for (let n = 1; n <= accountRequests; n++) {
    const answer = await postForm(current, "/register", {
      email: `scale-${stamp}-${n}@example.test`,
      name: "Scale Newcomer",
      nickname: `scale_${stamp}_${n}`,
      password: "bench-Pass-1",
      confirmPassword: "bench-Pass-1",
      redirectTo: "/",
    });
    if (answer.status !== 302) throw new Error(`Signing up answered ${answer.status}`);
    signUps.push(answer.ms);
  }
  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  };
  const signIn = summary(signIns);
  const signUp = summary(signUps);
  log(
    `  sign-in: p50 ${milliseconds(signIn.p50)}, p99 ${milliseconds(signIn.p99)}; sign-up: p50 ${milliseconds(signUp.p50)}, p99 ${milliseconds(signUp.p99)}`,
  );
  const users = scaleTotals.users.toLocaleString("en-US");
  return {
    signIn,
    signUp,
    rows: [
      row("—", `scale: sign-in among ${users} users`, `p50 ${milliseconds(signIn.p50)}, p99 ${milliseconds(signIn.p99)}`, "—", null),
      row("—", `scale: sign-up among ${users} users`, `p50 ${milliseconds(signUp.p50)}, p99 ${milliseconds(signUp.p99)}`, "—", null),
    ],
  };
}

/** The section: returns its rows and fills `details.scale`. */
export async function scale({ log, section }, details) {
  section(
    `Scale: the app on ${scaleTotals.users.toLocaleString("en-US")} users, ${scaleTotals.favorites.toLocaleString("en-US")} favourites…; ` +
      `${requestsPerPage} requests per page, one at a time`,
  );
  await scaleDatabase(log);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "market-analytics-scale-run-"));
  copyFileSync(path.join(cacheDir, "app.db"), path.join(dataDir, "app.db"));
  // Without the page caches: each request does the work whose growth is measured.
  current = await startRealApp({ name: "app on the large database", pageCache: false, dataDir, env: { TRUST_PROXY: "loopback" } });
  try {
    const jars = new Map();
    for (const size of measuredSizes) jars.set(size, await signIn(current, measuredEmail(size)));
    const adminJar = await signIn(current, adminEmail);
    const tableIds = new Map();
    for (const size of measuredSizes) {
      const { body } = await timePage(current, jars.get(size), "/user/register-tables", 1);
      const id = /\/user\/register-tables\/(\d+)/.exec(body)?.[1];
      if (!id) throw new Error(`The user with ${size} favourites has no record table`);
      tableIds.set(size, id);
    }
    const measured = [];
    const favourites = (size) => `${size.toLocaleString("en-US")} favourites`;
    const items = (size) => `${size.toLocaleString("en-US")} items`;
    const messages = (size) => `${(size > 100 ? 2000 : size).toLocaleString("en-US")} messages`;
    const rows = [
      ...(await sizedPages({
        name: "/user/favorite-items",
        jars,
        page: () => "/user/favorite-items",
        shown: renderedRows,
        stored: favourites,
        log,
        details: measured,
      })),
      ...(await sizedPages({
        name: "record table page",
        jars,
        page: (size) => `/user/register-tables/${tableIds.get(size)}`,
        shown: renderedRows,
        stored: items,
        log,
        details: measured,
      })),
      ...(await sizedPages({
        name: "record table CSV",
        jars,
        page: (size) => `/user/register-tables/${tableIds.get(size)}/csv`,
        shown: csvRows,
        stored: items,
        log,
        details: measured,
      })),
      ...(await sizedPages({
        name: "/chat",
        jars,
        page: () => "/chat",
        shown: chatMessagesShown,
        stored: messages,
        log,
        details: measured,
      })),
    ];
    // The admin lists: the first page against the last, whose OFFSET walks past every other row.
    for (const [name, pathname, total, perPage, shown] of [
      ["/admin/users", "/admin/users", scaleTotals.users, 20, renderedRows],
      ["/admin/feedback", "/admin/feedback", scaleTotals.feedback, 10, feedbackShown],
    ]) {
      const lastPage = Math.floor(total / perPage);
      const first = await timePage(current, adminJar, pathname);
      const last = await timePage(current, adminJar, `${pathname}?page=${lastPage}`);
      log(
        `  ${name} page 1: p50 ${milliseconds(first.p50)}, p99 ${milliseconds(first.p99)}; ` +
          `page ${lastPage}: p50 ${milliseconds(last.p50)}, p99 ${milliseconds(last.p99)}; ${shown(last.body)} rows shown`,
      );
      measured.push({ name, total, first: { p50: first.p50, p99: first.p99 }, last: { page: lastPage, p50: last.p50, p99: last.p99 } });
      rows.push(
        row(
          "—",
          `scale: ${name} (${total.toLocaleString("en-US")} rows), page 1`,
          `p50 ${milliseconds(first.p50)}, p99 ${milliseconds(first.p99)}`,
          "—",
          null,
        ),
        row(
          "—",
          `scale: ${name}, p50 page ${lastPage} ÷ page 1`,
          `${ratio(last.p50 / first.p50)} (${milliseconds(last.p50)} ÷ ${milliseconds(first.p50)}; ${shown(first.body)} and ${shown(last.body)} rows shown)`,
          `≤ ${flatRatio}`,
          last.p50 / first.p50 <= flatRatio,
        ),
      );
    }
    const accounts = await accountForms(log);
    rows.push(...accounts.rows);
    details.scale = { totals: scaleTotals, pages: measured, signIn: accounts.signIn, signUp: accounts.signUp };
    return rows;
  } finally {
    await current.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
