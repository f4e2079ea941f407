import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ensureSessionSecret, parseEnv } from "~/platform/env.server";

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

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it("ends sessions after SESSION_MAX_DAYS, 90 unless set, between 1 and 365 days", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(parseEnv({}).sessionMaxAgeMs).toBe(90 * day);
    expect(parseEnv({ SESSION_MAX_DAYS: "7" }).sessionMaxAgeMs).toBe(7 * day);
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
