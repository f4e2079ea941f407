// Latency of the /proxy routes served from a warm cache, as a ratio to a trivial JSON route
// (/healthz) measured in the same run, so the figures hold on any machine.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.BENCH_PORT ?? 4310);
const requestsPerRoute = Number(process.env.BENCH_REQUESTS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const now = Math.floor(Date.now() / 1000);

const routes = [
  "/healthz",
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

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: "127.0.0.1", port, path: url, agent, headers: { "Accept-Encoding": "identity" } }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      })
      .on("error", reject);
  });
}

async function measure(url) {
  for (let i = 0; i < 50; i++) await get(url);
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requestsPerRoute) latencies.push(await get(url));
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      return await get("/healthz");
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error("server did not start");
}

const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ma-bench-")),
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  await waitForServer();
  const results = [];
  for (const url of routes) results.push({ url, ...(await measure(url)) });
  const baseline = results[0];
  console.log(`\n${requestsPerRoute} requests per route, ${concurrency} concurrent, warm cache\n`);
  console.log("| route | p50 ms | p99 ms | p50 × /healthz | p99 × /healthz |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const { url, p50, p99 } of results) {
    console.log(
      `| ${url.replace(/from=\d+&to=\d+/, "from=…&to=…")} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${(p50 / baseline.p50).toFixed(1)} | ${(p99 / baseline.p99).toFixed(1)} |`,
    );
  }
} finally {
  server.kill();
  agent.destroy();
}
