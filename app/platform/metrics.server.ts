import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Methods a label may name; anything else is counted as "other", so a client cannot invent series. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The instance's Prometheus metrics, in a registry of its own (never prom-client's global one):
 * the process's defaults and what an operator watches the app by.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "Answered HTTP requests, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern",
    labelNames: ["route"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const counter = (name: string, help: string) => new Counter({ name, help, registers });
  const metrics = {
    registry,
    pageCacheHits: counter("page_cache_hits_total", "Pages answered from the page cache"),
    pageCacheMisses: counter("page_cache_misses_total", "Pages the page cache keeps that had to be rendered"),
    rateLimitRefusals: counter("rate_limit_refusals_total", "Attempts refused by a rate limit"),
    databaseErrors: counter("database_errors_total", "Requests that failed on a database error"),
    // Registered at 0 for dashboards and alerts to be written now: the job engine (issue 43) feeds them.
    alertsDelivered: counter("alerts_delivered_total", "Price alerts delivered"),
    jobQueueDepth: new Gauge({ name: "job_queue_depth", help: "Jobs waiting to run", registers }),
    /** One answered request; `route` is a pattern, never a raw path, so the series stay few. */
    request(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method: knownMethods.has(method) ? method : "other", route, status: String(status) });
      requestDuration.observe({ route }, seconds);
    },
    /** A gauge read at each scrape from what holds the value (a pool, a connection, the socket server). */
    observe(name: string, help: string, read: () => number) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    },
    /** A gauge with one series per label value, read at each scrape. */
    observeEach(name: string, help: string, label: string, read: () => Record<string, number>) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        collect() {
          for (const [value, count] of Object.entries(read())) this.set({ [label]: value }, count);
        },
      });
    },
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Loopback and private networks: where a Prometheus beside the app scrapes from. */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv4");
}
privateNetworks.addAddress("::1", "ipv6");
privateNetworks.addSubnet("fc00::", 7, "ipv6");
privateNetworks.addSubnet("fe80::", 10, "ipv6");

function isPrivateAddress(address: string): boolean {
  const mapped = address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(mapped)) return privateNetworks.check(mapped, "ipv4");
  return isIPv6(mapped) && privateNetworks.check(mapped, "ipv6");
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Metrics say how busy the site is and what fails: they go to a scraper on this machine or its
 * private network, or to one that sends METRICS_TOKEN as a bearer token, never to anyone else.
 */
export function mayReadMetrics({
  address,
  authorization,
  token,
}: {
  address: string;
  authorization: string | null;
  token: string | undefined;
}) {
  if (isPrivateAddress(address)) return true;
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(authorization.slice("Bearer ".length)), digest(token));
}
