// Load generation for the benchmark: autocannon in this process (the server under test has the
// other core), and plain sequential requests for per-request render times.
import autocannon from "autocannon";
import PipelinedRequestsQueue from "autocannon/lib/pipelinedRequestsQueue.js";

import { request } from "./http.js";

// autocannon keeps every response body as a string (`body += chunk`), decoding it as UTF-8. For a
// gzip page that decoding costs the load generator more than the server spends answering: one
// core of it then manages ~7,000 answers a second of a 16 kB gzip page against ~27,000 of a 16 kB
// ASCII one, whatever the server does, so the figures measured the load generator. The bench
// reads no body (no expectBody, verifyBody or onResponse): they are not kept.
PipelinedRequestsQueue.prototype.addBody = () => {};

/** What a browser sends: the server picks brotli or gzip as it would for a visitor. */
export const browserEncoding = { "Accept-Encoding": "gzip, deflate, br" };
export const noEncoding = { "Accept-Encoding": "identity" };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server is idle: when autocannon stops it closes its connections, but the
 * server still finishes the requests it had accepted, which would slow the next run down.
 */
export async function settle(server, { windowMs = 250, busyShare = 0.1, maxMs = 15_000 } = {}) {
  for (const deadline = Date.now() + maxMs; Date.now() < deadline;) {
    const before = server.cpuSeconds();
    await sleep(windowMs);
    if (((server.cpuSeconds() - before) * 1000) / windowMs < busyShare) return;
  }
}

/**
 * Throughput of `server` under `connections` concurrent keep-alive connections for `seconds`,
 * after a warm-up, with the server's CPU use over the measured part.
 * @param {{ server: { url: string, cpuSeconds(): number }, path?: string, headers?: Record<string, string>,
 *   requests?: object[], seconds: number, warmupSeconds?: number, connections?: number }} options
 */
export async function measureThroughput({
  server,
  path = "/",
  headers = browserEncoding,
  requests,
  seconds,
  warmupSeconds = 2,
  connections = 50,
}) {
  const options = { url: server.url + path, headers, requests, connections };
  await settle(server);
  if (warmupSeconds > 0) {
    await autocannon({ ...options, duration: warmupSeconds });
    await settle(server);
  }
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({ ...options, duration: seconds });
  return { ...summarise(result), serverCpu: (server.cpuSeconds() - cpuBefore) / result.duration };
}

/**
 * Several variants (a server and path, or headers) measured in alternating slices, A B A B …, each
 * warmed up first: a change in the machine's load during the series falls on all of them alike.
 */
export async function alternateThroughput(variants, { seconds, slices = 4, warmupSeconds = 2 }) {
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  for (const variant of variants) await measureThroughput({ ...variant, seconds: warmupSeconds, warmupSeconds: 0 });
  const runs = variants.map(() => []);
  for (let slice = 0; slice < slices; slice++) {
    for (const [index, variant] of variants.entries()) {
      runs[index].push(await measureThroughput({ ...variant, seconds: sliceSeconds, warmupSeconds: 0 }));
    }
  }
  return runs.map(combineRuns);
}

/** One summary of several runs of the same thing: rates averaged, counts added, the worst p99. */
export function combineRuns(runs) {
  const mean = (pick) => runs.reduce((total, run) => total + pick(run), 0) / runs.length;
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const statusCodes = {};
  for (const run of runs) {
    for (const [code, found] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + found;
  }
  return {
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50: mean((run) => run.p50),
    p99: Math.max(...runs.map((run) => run.p99)),
    bytesPerResponse: mean((run) => run.bytesPerResponse),
    serverCpu: mean((run) => run.serverCpu),
    total: sum((run) => run.total),
    redirects: sum((run) => run.redirects),
    failures: sum((run) => run.failures),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    statusCodes,
  };
}

/** The figures the targets need from an autocannon result. */
export function summarise(result) {
  return {
    // Completed requests over the run's length: per-second samples undercount a last partial second.
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    /** Headers included. */
    bytesPerResponse: result.throughput.total / Math.max(1, result.requests.total),
    total: result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"],
    redirects: result["3xx"],
    failures: result.errors + result.timeouts + result["1xx"] + result["4xx"] + result["5xx"],
    errors: result.errors,
    timeouts: result.timeouts,
    // Errors without an answer show up under an "undefined" status: they are counted above.
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats)
        .filter(([code]) => /^\d+$/.test(code))
        .map(([code, { count }]) => [code, count]),
    ),
  };
}

/**
 * Mean time to the last byte of each URL over `rounds` sequential requests, the URLs taking
 * turns so that a slower moment of the machine falls on all of them alike. Each must answer 200.
 * @param {string[]} urls
 * @returns {Promise<number[]>} mean milliseconds, in the order of `urls`
 */
export async function meanSequentialTimes(urls, { rounds, warmupRounds = 20, headers = browserEncoding }) {
  const totals = urls.map(() => 0);
  for (let round = -warmupRounds; round < rounds; round++) {
    for (const [index, url] of urls.entries()) {
      const { status, ms } = await request(url, { headers });
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      if (round >= 0) totals[index] += ms;
    }
  }
  return totals.map((total) => total / rounds);
}

/**
 * Median and 99th percentile time of `count` requests to `url`, `concurrency` at a time, after
 * 50 warm-up requests; every answer must be 200.
 */
export async function latencyPercentiles(url, { count = 1000, concurrency = 10, headers = noEncoding } = {}) {
  const timed = async () => {
    const { status, ms } = await request(url, { headers });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    return ms;
  };
  for (let i = 0; i < 50; i++) await timed();
  const times = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started++ < count) times.push(await timed());
    }),
  );
  times.sort((a, b) => a - b);
  const at = (quantile) => times[Math.min(times.length - 1, Math.floor(quantile * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
