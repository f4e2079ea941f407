import { afterAll, describe, expect, it } from "vitest";

import { dependencyReport, memoryLogger } from "~/platform/logger.server";
import { mayReadMetrics } from "~/platform/metrics.server";
import { clientAddressContext } from "~/platform/request-context";
import { createRouteTable } from "~/platform/route-table.server";
import * as metricsRoute from "~/routes/metrics";
import * as readyzRoute from "~/routes/readyz";
import type { Services } from "~/services.server";

import { contextFor, routeArgs } from "../support/router-context";
import { createTestServices } from "../support/services";

const opened: Services[] = [];
afterAll(async () => {
  for (const services of opened) await services.close();
});

async function servicesFor(environment: Record<string, string> = {}) {
  const services = await createTestServices({ environment });
  opened.push(services);
  return services;
}

async function get(
  route: { loader: (args: never) => unknown },
  services: Services,
  url: string,
  { address = "127.0.0.1", headers = {} } = {},
) {
  const request = new Request(`http://localhost${url}`, { headers });
  const context = await contextFor(request, services);
  context.set(clientAddressContext, address);
  return (await route.loader(routeArgs(request, context))) as Response;
}

describe("readiness", () => {
  it("answers 200 while the database answers, never kept", async () => {
    const services = await servicesFor();
    const response = await get(readyzRoute, services, "/readyz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("answers 503 database-unreachable once the database is closed", async () => {
    const services = await servicesFor();
    await services.platform.db.close();
    const response = await get(readyzRoute, services, "/readyz");
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "unavailable", reason: "database-unreachable" });
  });

  it("answers 503 shutting-down from the moment the server begins to stop", async () => {
    const services = await servicesFor();
    services.platform.lifecycle.beginShutdown();
    const response = await get(readyzRoute, services, "/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", reason: "shutting-down" });
  });
});

describe("metrics", () => {
  const sample = (text: string, series: string) =>
    Number(
      text
        .split("\n")
        .find((line) => line.startsWith(`${series} `))
        ?.split(" ")[1],
    );

  it("exposes the listed series in Prometheus' format, and the counts move", async () => {
    const services = await servicesFor();
    const { metrics } = services.platform;
    const first = await get(metricsRoute, services, "/metrics");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const before = await first.text();
    for (const name of [
      "process_cpu_seconds_total",
      "nodejs_heap_size_used_bytes",
      "http_requests_total",
      "http_request_duration_seconds",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "rate_limit_refusals_total",
      "database_errors_total",
      "job_queue_depth",
      "alerts_delivered_total",
    ]) {
      expect(before).toContain(`# TYPE ${name} `);
    }
    expect(sample(before, "job_queue_depth")).toBe(0);
    expect(sample(before, "alerts_delivered_total")).toBe(0);

    metrics.request("GET", "/stocks/:ticker", 200, 0.004);
    metrics.request("BREW", "/stocks/:ticker", 200, 0.004);
    const limit = { name: "test", limit: 1, windowMs: 60_000 } as const;
    await services.platform.rateLimiter.hit([[limit, "198.51.100.7"]]);
    await services.platform.rateLimiter.hit([[limit, "198.51.100.7"]]);

    const after = await (await get(metricsRoute, services, "/metrics")).text();
    expect(sample(after, 'http_requests_total{method="GET",route="/stocks/:ticker",status="200"}')).toBe(1);
    expect(sample(after, 'http_requests_total{method="other",route="/stocks/:ticker",status="200"}')).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count{route="/stocks/:ticker"}')).toBe(2);
    expect(sample(after, "rate_limit_refusals_total")).toBe(sample(before, "rate_limit_refusals_total") + 1);
  });

  it("answers a public address only with METRICS_TOKEN as a bearer token", async () => {
    const services = await servicesFor({ METRICS_TOKEN: "scrape-me-please-0123456789" });
    const outside = { address: "203.0.113.9" };
    expect((await get(metricsRoute, services, "/metrics", outside)).status).toBe(403);
    const wrong = { ...outside, headers: { Authorization: "Bearer guess-0123456789abcdef" } };
    expect((await get(metricsRoute, services, "/metrics", wrong)).status).toBe(403);
    const right = { ...outside, headers: { Authorization: "Bearer scrape-me-please-0123456789" } };
    expect((await get(metricsRoute, services, "/metrics", right)).status).toBe(200);
    expect((await get(metricsRoute, services, "/metrics", { address: "::ffff:10.1.2.3" })).status).toBe(200);
  });

  it("lets loopback and private networks in, nobody else without a token", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.5", "172.20.1.1", "192.168.1.9", "fd00::1"]) {
      expect(mayReadMetrics({ address, authorization: null, token: undefined }), address).toBe(true);
    }
    for (const address of ["203.0.113.9", "172.32.0.1", "2001:db8::1", "unknown"]) {
      expect(mayReadMetrics({ address, authorization: "Bearer anything", token: undefined }), address).toBe(false);
    }
  });

  it("labels requests by route pattern, a handful of values whatever the paths", () => {
    const routes = createRouteTable(
      {
        root: { id: "root", path: "" },
        "routes/home": { id: "routes/home", parentId: "root", index: true },
        "routes/stock": { id: "routes/stock", parentId: "root", path: "stocks/:ticker" },
        "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
      },
      {},
    );
    const patternOf = (path: string) => routes.of(path).pattern;
    expect(patternOf("/stocks/PETR4")).toBe("/stocks/:ticker");
    expect(patternOf("/stocks/VALE3.data")).toBe("/stocks/:ticker");
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/");
    expect(patternOf("/assets/entry-abc123.js")).toBe("/assets/*");
    expect(patternOf("/wp-login.php")).toBe("other");
  });
});

describe("logs", () => {
  it("are JSON lines with time, level and message, naming the request they were written for", () => {
    const logger = memoryLogger();
    logger.forRequest("req-42", () => logger.warn("upstream brapi failed:", "timeout"));
    logger.info("started");
    expect(logger.records[0]).toMatchObject({ level: "warn", msg: "upstream brapi failed: timeout", requestId: "req-42" });
    expect(logger.records[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(logger.records[1]).not.toHaveProperty("requestId");
  });

  it("write a failed query by its cause, without its parameters, and a stack once per distinct error", () => {
    const logger = memoryLogger();
    const cause = Object.assign(new Error("UNIQUE constraint failed: users.email"), {
      name: "SqliteError",
      code: "SQLITE_CONSTRAINT_UNIQUE",
    });
    const failedQuery = () =>
      Object.assign(
        new Error('Failed query: insert into "users" values (?, ?, ?)\nparams: ana@example.com,Ana Souza,$argon2id$v=19$m=19456$abc'),
        {
          name: "DrizzleQueryError",
          query: 'insert into "users" values (?, ?, ?)',
          params: ["ana@example.com", "Ana Souza", "$argon2id$v=19$m=19456$abc"],
          cause,
        },
      );
    for (let attempt = 0; attempt < 3; attempt++) logger.error("POST /register failed:", failedQuery());
    const written = JSON.stringify(logger.records);
    expect(written).not.toMatch(/ana@example\.com|Ana Souza|\$argon2/);
    expect(logger.records[0]).toMatchObject({
      msg: "POST /register failed: DrizzleQueryError: database query failed: SqliteError: UNIQUE constraint failed: users.email",
      error: { type: "DrizzleQueryError", code: "SQLITE_CONSTRAINT_UNIQUE" },
    });
    expect((logger.records[0]!.error as { stack: string }).stack).toMatch(/^\s+at /);
    expect(logger.records[2]!.error).toEqual(expect.objectContaining({ repeated: 3 }));
    expect(logger.records[2]!.error).not.toHaveProperty("stack");
  });

  it("cut e-mail addresses and password hashes out of any message", () => {
    const logger = memoryLogger();
    logger.warn("sign-in failed for bob@example.org with $argon2id$v=19$m=1$salt$hash");
    expect(logger.lines[0]!.message).toBe("sign-in failed for [email] with [hash]");
  });

  it("say once that a dependency went down and once that it came back, however often it fails meanwhile", () => {
    const logger = memoryLogger();
    const redis = dependencyReport(logger, "realtime: Redis");
    redis.up();
    for (let tick = 0; tick < 50; tick++) redis.down("Connection is closed.", "ticks reach this instance's browsers only");
    for (let tick = 0; tick < 50; tick++) redis.up("ticks reach the other instances again");
    expect(logger.lines).toEqual([
      { level: "warn", message: "realtime: Redis is unavailable (Connection is closed.): ticks reach this instance's browsers only" },
      { level: "info", message: "realtime: Redis is back: ticks reach the other instances again" },
    ]);
  });
});
