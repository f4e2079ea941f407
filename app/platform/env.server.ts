import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default("0.0.0.0")),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default("./data")),
  DATABASE_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "must be at least 32 characters long").optional(),
  ),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databasePath: string;
  sessionSecret: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates the environment; every problem names the variable so an operator can fix it. */
export function parseEnv(source: Record<string, string | undefined>): Omit<Env, "sessionSecret"> & {
  sessionSecret: string | undefined;
} {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(source[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH ?? path.join(dataDir, "app.db")),
    sessionSecret: env.SESSION_SECRET,
  };
}

/** A missing secret is generated once and kept in the data directory, so sessions survive restarts. */
export function ensureSessionSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, "session-secret");
  if (existsSync(secretFile)) {
    const stored = readFileSync(secretFile, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = parseEnv(process.env);
    mkdirSync(parsed.dataDir, { recursive: true });
    cached = { ...parsed, sessionSecret: parsed.sessionSecret ?? ensureSessionSecret(parsed.dataDir) };
  }
  return cached;
}
