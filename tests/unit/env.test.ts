import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";
import { ConfigError, ensureSessionSecret, parseEnv } from "~/platform/env.server";
import { configSections } from "~/services.server";

describe("configuration", () => {
  it("starts with zero configuration", () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.host).toBe("0.0.0.0");
    expect(env.databasePath).toBe(path.resolve("data/app.db"));
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.sessionSecret).toBeUndefined();
  });

  it("reads PORT, HOST, DATA_DIR, DATABASE_PATH and PUBLIC_URL", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/market",
      PUBLIC_URL: "https://markets.example.org/",
    });
    expect(env).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/market",
      databasePath: "/srv/market/app.db",
      publicUrl: "https://markets.example.org",
    });
    expect(parseEnv({ DATABASE_PATH: "/tmp/other.db" }).databasePath).toBe("/tmp/other.db");
  });

  it("keeps its default data directory in the app's directory, whatever the working directory", () => {
    const installed = parseEnv({}, "/opt/market-analytics");
    expect(installed).toMatchObject({ dataDir: "/opt/market-analytics/data", databasePath: "/opt/market-analytics/data/app.db" });
    // A relative path an operator types is taken from where they typed it, like any other command's.
    expect(parseEnv({ DATA_DIR: "state" }, "/opt/market-analytics").databasePath).toBe(path.resolve("state/app.db"));
    expect(parseEnv({ DATABASE_PATH: "copy.db" }, "/opt/market-analytics").databasePath).toBe(path.resolve("copy.db"));
  });

  it("waits 10 s for open requests at a stop unless SHUTDOWN_TIMEOUT_MS says otherwise", () => {
    expect(parseEnv({}).shutdownTimeoutMs).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: "2500" }).shutdownTimeoutMs).toBe(2500);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: "-1" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it("reports the market's variables, from its provider registry, with the platform's in one message", () => {
    const parse = (source: Record<string, string>) => () => parseEnv(source, undefined, configSections);
    expect(parse({ PORT: "eighty", STOCKS_PROVIDER: "yahoo", BRAPI_BASE_URL: "not a url" })).toThrow(
      /PORT: .*\n {2}STOCKS_PROVIDER: .*"brapi".*\n {2}BRAPI_BASE_URL: Invalid URL/,
    );
    expect(parse({ NEWS_PROVIDER: "finnhub", CALENDAR_PROVIDER: "finnhub" })).toThrow(
      /FINNHUB_API_KEY: is required when NEWS_PROVIDER=finnhub \(got nothing\)\n {2}FINNHUB_API_KEY: is required when CALENDAR_PROVIDER=finnhub/,
    );
    expect(parseEnv({ NEWS_PROVIDER: "finnhub", FINNHUB_API_KEY: "key" }, undefined, configSections).marketSources.chosen.news?.id).toBe(
      "finnhub",
    );
  });

  it("never shows a rejected secret: keys and secrets are hidden, a URL loses its credentials", () => {
    const message = (source: Record<string, string>) => {
      try {
        parseEnv(source, undefined, configSections);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    const database = message({ DATABASE_URL: "mysql://market:S3cretPw@db.example.org/market" });
    expect(database).toContain('DATABASE_URL: Invalid URL (got "mysql://***@db.example.org/market")');
    expect(database).not.toContain("S3cretPw");
    expect(database).not.toContain("market:");
    expect(message({ SESSION_SECRET: "hunter2" })).toMatch(/SESSION_SECRET: .* \(got a hidden value\)$/);
    expect(message({ COINGECKO_KEY_TYPE: "gold", COINGECKO_API_KEY: "CG-s3cret" })).not.toContain("CG-s3cret");
    expect(message({ REDIS_URL: "memcached://user:pw@cache:11211" })).not.toContain("pw@");
    expect(message({ PORT: "eighty" })).toContain('(got "eighty")');
  });

  it("ends sessions after SESSION_MAX_DAYS, 90 unless set, between 1 and 365 days", () => {
    expect(parseEnv({}).sessionMaxAgeMs).toBe(90 * DAY_MS);
    expect(parseEnv({ SESSION_MAX_DAYS: "7" }).sessionMaxAgeMs).toBe(7 * DAY_MS);
    for (const invalid of ["0", "366", "1.5", "forever"]) {
      expect(() => parseEnv({ SESSION_MAX_DAYS: invalid }), invalid).toThrow(/SESSION_MAX_DAYS/);
    }
  });

  it("generates the session secret once and keeps it in the data directory", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ma-env-"));
    const first = ensureSessionSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(ensureSessionSecret(dataDir)).toBe(first);
  });
});
