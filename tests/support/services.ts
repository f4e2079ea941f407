import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { RouterContextProvider } from "react-router";

import type { Clock } from "~/platform/clock";
import type { Logger } from "~/platform/logger.server";
import { createServices, loadConfig, provideServices, type Services } from "~/services.server";

import { createScratchDatabase, testDatabaseServer } from "./postgres-server";
import { routeManifest } from "./routes";

export type TestServiceOptions = {
  /** Environment variables as an operator would set them (providers, limits…). */
  environment?: Record<string, string | undefined>;
  clock?: Clock;
  logger?: Logger;
};

/**
 * The app's services as the composition root builds them, over a database of the test's own: a
 * new SQLite file, or a new PostgreSQL database when the suite runs with TEST_DATABASE_URL.
 */
export async function createTestServices({ environment = {}, clock, logger }: TestServiceOptions = {}): Promise<Services> {
  const dataDir = environment.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "market-analytics-test-"));
  // The test's own database, never one named in the shell that started the suite; a test that
  // restarts the app passes the first instance's DATABASE_URL to keep its data.
  const databaseUrl = environment.DATABASE_URL ?? (testDatabaseServer ? await createScratchDatabase(testDatabaseServer) : undefined);
  // With Redis the instances must share a secret (loadEnv refuses otherwise): every test instance gets the same.
  const sharedSecret = environment.REDIS_URL ? { SESSION_SECRET: "a-secret-every-test-instance-shares" } : {};
  const config = loadConfig(
    { NODE_ENV: "test", ...sharedSecret, ...environment, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    process.cwd(),
  );
  return createServices(config, routeManifest(), { clock, logger });
}

let shared: Promise<Services> | undefined;

/**
 * One set of services for a whole test file (each file runs in its own process), for tests that
 * need no configuration of their own.
 */
export function sharedTestServices(): Promise<Services> {
  shared ??= createTestServices();
  return shared;
}

/** A request context carrying `services`, as the app's HTTP layer builds one. */
export function contextWith(services: Services) {
  const context = new RouterContextProvider();
  provideServices(context, services);
  return context;
}
