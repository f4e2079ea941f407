/**
 * The container image and the compose file (README, "Container"). No container engine runs here,
 * so the Dockerfile goes through a Dockerfile linter and the compose file through a YAML parser,
 * and both are held to what the README promises.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { validate } from "dockerfile-utils";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
/** Each instruction on one line, its continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, "")
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"));

type Service = {
  image?: string;
  build?: string;
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
};
const compose = load(readFileSync(path.join(root, "compose.yaml"), "utf8")) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

describe("Dockerfile", () => {
  it("passes the Dockerfile linter", () => {
    expect(validate(dockerfile).map(({ message, range }) => `line ${range.start.line + 1}: ${message}`)).toEqual([]);
  });

  it("builds with dev dependencies and runs without them, as an unprivileged user, its data a volume", () => {
    expect(instructions.filter((line) => line.startsWith("FROM "))).toEqual([
      "FROM node:20-bookworm-slim AS build",
      "FROM node:20-bookworm-slim",
    ]);
    expect(instructions).toContain("RUN npm run build && npm prune --omit=dev");
    expect(instructions).toContain("USER node");
    expect(instructions).toContain('VOLUME ["/data"]');
    expect(instructions).toContain("EXPOSE 3000");
    expect(instructions.find((line) => line.startsWith("ENV "))).toContain("DATA_DIR=/data");
  });

  it("checks readiness, with Node (the slim image has no curl)", () => {
    const healthcheck = instructions.find((line) => line.startsWith("HEALTHCHECK "));
    expect(healthcheck).toContain('CMD ["node", "-e"');
    expect(healthcheck).toContain("/readyz");
  });
});

describe("compose.yaml", () => {
  it("runs the app with PostgreSQL 15 and Redis 7, the app once both are healthy", () => {
    const { app, postgres, redis } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(["app", "postgres", "redis"]);
    expect(app?.build).toBe(".");
    expect(postgres?.image).toBe("postgres:15");
    expect(redis?.image).toBe("redis:7");
    expect(app?.depends_on).toEqual({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    expect(postgres?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(redis?.healthcheck?.test.join(" ")).toContain("redis-cli ping");
  });

  it("keeps the app's data and PostgreSQL's in named volumes, and takes the secrets from .env", () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(["app-data", "postgres-data"]);
    expect(compose.services.app?.volumes).toEqual(["app-data:/data"]);
    expect(compose.services.postgres?.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
    const environment = compose.services.app?.environment ?? {};
    expect(environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(environment.DATABASE_URL).toBe("postgres://market:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}@postgres:5432/market");
    expect(environment.REDIS_URL).toBe("redis://redis:6379");
  });
});
