import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { DAY_MS, HOUR_MS } from "~/lib/time";

import { createPrivateDirectory } from "./private-files.server";

/** The environment as the process has it: every value a string, or absent. */
export type EnvSource = Record<string, string | undefined>;

/** An empty variable (`NAME=` in a file) is an unset one, so its default applies. */
export const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default("0.0.0.0")),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    DATABASE_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
    SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters long").optional()),
    SESSION_MAX_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(365).default(90)),
    ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().optional()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
    METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, "must be at least 16 characters long").optional()),
    API_CORS_ORIGINS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((list) =>
          list
            .split(",")
            .map((origin) => origin.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.union([z.literal("*"), z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)])))
        .optional(),
    ),
    REALTIME_DEMO_TICK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(250).max(HOUR_MS).default(5000)),
    REALTIME_POLL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(15)),
    SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10000)),
    PAGE_CACHE_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(30)),
    PAGE_CACHE_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(64)),
    PAGE_CACHE_MAX_ENTRIES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
    MARKET_CACHE_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(300)),
    UPSTREAM_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).default(8000)),
    UPSTREAM_RETRY_DELAY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1000)),
    ASSISTANT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["offline", "gemini", "openai"]).optional()),
    ASSISTANT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).default(30000)),
    GEMINI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    GEMINI_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).default("gemini-2.5-flash")),
    GEMINI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default("https://generativelanguage.googleapis.com/v1beta")),
    OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    OPENAI_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    GITHUB_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    GITHUB_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    GITHUB_OAUTH_URL: z.preprocess(emptyAsUndefined, z.url().default("https://github.com")),
    GITHUB_API_URL: z.preprocess(emptyAsUndefined, z.url().default("https://api.github.com")),
    GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    GOOGLE_AUTHORIZATION_URL: z.preprocess(emptyAsUndefined, z.url().default("https://accounts.google.com/o/oauth2/v2/auth")),
    GOOGLE_TOKEN_URL: z.preprocess(emptyAsUndefined, z.url().default("https://oauth2.googleapis.com/token")),
    GOOGLE_USERINFO_URL: z.preprocess(emptyAsUndefined, z.url().default("https://openidconnect.googleapis.com/v1/userinfo")),
  })
  .superRefine((env, context) => {
    const assistant = assistantProviderOf(env);
    if (assistant === "gemini" && !env.GEMINI_API_KEY) {
      context.addIssue({ code: "custom", path: ["GEMINI_API_KEY"], message: "is required when ASSISTANT_PROVIDER=gemini" });
    }
    // OpenAI itself has a sensible default model; a local server only serves the models it has pulled.
    if (assistant === "openai" && env.OPENAI_BASE_URL && !env.OPENAI_MODEL) {
      context.addIssue({ code: "custom", path: ["OPENAI_MODEL"], message: "is required when OPENAI_BASE_URL is set" });
    }
    if (assistant === "openai" && !env.OPENAI_BASE_URL && !env.OPENAI_API_KEY) {
      context.addIssue({ code: "custom", path: ["OPENAI_API_KEY"], message: "is required for api.openai.com (or set OPENAI_BASE_URL)" });
    }
    // Half a pair is a typo rather than a choice: say so instead of silently hiding the button.
    for (const [id, secret] of [
      ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ] as const) {
      if (Boolean(env[id]) !== Boolean(env[secret])) {
        const [present, missing] = env[id] ? [id, secret] : [secret, id];
        context.addIssue({ code: "custom", path: [missing], message: `is required when ${present} is set` });
      }
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

/** Without ASSISTANT_PROVIDER, a configured key or endpoint is the choice: one variable switches the model on. */
function assistantProviderOf(env: Pick<ParsedEnv, "ASSISTANT_PROVIDER" | "GEMINI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_API_KEY">) {
  if (env.ASSISTANT_PROVIDER) return env.ASSISTANT_PROVIDER;
  if (env.GEMINI_API_KEY) return "gemini";
  if (env.OPENAI_BASE_URL || env.OPENAI_API_KEY) return "openai";
  return "offline";
}

export type AssistantEnv = { timeoutMs: number } & (
  | { provider: "offline" }
  | { provider: "gemini"; apiKey: string; model: string; baseUrl: string }
  | { provider: "openai"; baseUrl: string; apiKey?: string; model: string }
);

function assistantEnvOf(env: ParsedEnv): AssistantEnv {
  const timeoutMs = env.ASSISTANT_TIMEOUT_MS;
  switch (assistantProviderOf(env)) {
    case "gemini":
      return { provider: "gemini", timeoutMs, apiKey: env.GEMINI_API_KEY ?? "", model: env.GEMINI_MODEL, baseUrl: env.GEMINI_BASE_URL };
    case "openai":
      return {
        provider: "openai",
        timeoutMs,
        baseUrl: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL ?? "gpt-4o-mini",
      };
    case "offline":
      return { provider: "offline", timeoutMs };
  }
}

/**
 * How the market engine treats every upstream. Which upstream serves each kind of data, and with
 * which keys, is the market's own section of the configuration (its provider registry).
 */
export type MarketEnv = {
  cacheTtlMs: number;
  upstreamTimeoutMs: number;
  retryBaseDelayMs: number;
};

/** The realtime channel's pace: how often demo prices tick, how often live quotes are read again while watched. */
export type RealtimeEnv = {
  demoTickMs: number;
  pollMs: number;
};

/** A provider is present only when both its client id and secret are set. */
type OAuthEnv = {
  github?: { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string };
  google?: { clientId: string; clientSecret: string; authorizationUrl: string; tokenUrl: string; userinfoUrl: string };
};

export type Env = {
  nodeEnv: "development" | "production" | "test";
  /** Where the app is installed (server.js, build/, db/migrations), whatever the working directory. */
  appDir: string;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databasePath: string;
  /** PostgreSQL as the system of record (postgres://…); without it the SQLite file at `databasePath`. */
  databaseUrl: string | undefined;
  /** Redis for what several instances share: rate limits, the market cache, events. */
  redisUrl: string | undefined;
  sessionSecret: string;
  /** How long a session lasts from its sign-in, however often it is refreshed. */
  sessionMaxAgeMs: number;
  /** Addresses that make an administrator of an OAuth sign-in whose provider verified them. */
  adminEmails: string[];
  /** Express "trust proxy" addresses (e.g. "loopback"): behind a reverse proxy, rate limits must see each client. */
  trustProxy: string | undefined;
  /** Sites whose pages may read the public JSON API (CORS); "*" is any site, none by default. */
  apiCorsOrigins: readonly string[];
  /** How long a stop waits for open requests and event streams before it closes their connections. */
  shutdownTimeoutMs: number;
  /** Lets a scraper outside the private networks read /metrics, sent as a bearer token. */
  metricsToken: string | undefined;
  /** Anonymous page cache; a ttl of 0 turns it off. */
  pageCache: { ttlMs: number; maxBytes: number; maxEntries: number };
  market: MarketEnv;
  realtime: RealtimeEnv;
  assistant: AssistantEnv;
  oauth: OAuthEnv;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Variables a feature owns, validated with the platform's so that one message names every problem:
 * each section is a schema over the whole environment whose output is that feature's part of the
 * configuration (the market's is built from its provider registry; the platform cannot name it).
 */
export type EnvSections = Record<string, z.ZodType>;
type SectionsOutput<Sections extends EnvSections> = { [Name in keyof Sections]: z.output<Sections[Name]> };

/**
 * Validates the environment, with the features' `sections`; every problem names the variable so an
 * operator can fix it.
 * The default data directory is `data` in `appDir`, so a service started from any working directory
 * finds its data; a relative DATA_DIR or DATABASE_PATH is the operator's own and, like any path
 * typed in a shell, is taken from the working directory.
 */
export function parseEnv<Sections extends EnvSections = Record<never, never>>(
  source: EnvSource,
  appDir = process.cwd(),
  sections = {} as Sections,
): Omit<Env, "sessionSecret"> & { sessionSecret: string | undefined } & SectionsOutput<Sections> {
  const result = envSchema.safeParse(source);
  const sectionResults = Object.entries(sections).map(([name, schema]) => [name, schema.safeParse(source)] as const);
  const issues = [result, ...sectionResults.map(([, parsed]) => parsed)].flatMap((parsed) => (parsed.success ? [] : parsed.error.issues));
  if (!result.success || issues.length > 0) {
    const problems = issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join(".")}: ${issue.message} (got ${shownValue(name, source[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = result.data;
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(appDir, "data");
  return {
    ...(Object.fromEntries(sectionResults.map(([name, parsed]) => [name, parsed.data])) as SectionsOutput<Sections>),
    nodeEnv: env.NODE_ENV,
    appDir,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH ?? path.join(dataDir, "app.db")),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET,
    sessionMaxAgeMs: env.SESSION_MAX_DAYS * DAY_MS,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    apiCorsOrigins: env.API_CORS_ORIGINS ?? [],
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    market: {
      cacheTtlMs: env.MARKET_CACHE_TTL_SECONDS * 1000,
      upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
      retryBaseDelayMs: env.UPSTREAM_RETRY_DELAY_MS,
    },
    realtime: { demoTickMs: env.REALTIME_DEMO_TICK_MS, pollMs: env.REALTIME_POLL_SECONDS * 1000 },
    // Never longer than the market data it shows stays fresh.
    pageCache: {
      ttlMs: Math.min(env.PAGE_CACHE_TTL_SECONDS, env.MARKET_CACHE_TTL_SECONDS) * 1000,
      maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
      maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    },
    assistant: assistantEnvOf(env),
    oauth: {
      github:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              oauthUrl: env.GITHUB_OAUTH_URL.replace(/\/$/, ""),
              apiUrl: env.GITHUB_API_URL.replace(/\/$/, ""),
            }
          : undefined,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
              tokenUrl: env.GOOGLE_TOKEN_URL,
              userinfoUrl: env.GOOGLE_USERINFO_URL,
            }
          : undefined,
    },
  };
}

/**
 * A rejected value as an error message may show it: the message reaches logs and terminals, so a
 * key, token or secret is never shown, and a URL loses the credentials it carries.
 */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "nothing";
  if (/SECRET|KEY|TOKEN|PASSWORD/.test(name)) return "a hidden value";
  if (!value.includes("@")) return JSON.stringify(value);
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return JSON.stringify(value);
    url.username = "***";
    url.password = "";
    return JSON.stringify(url.href);
  } catch {
    return "a hidden value";
  }
}

/** A missing secret is generated once and kept in the data directory, so sessions survive restarts. */
export function ensureSessionSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, "session-secret");
  if (existsSync(secretFile)) {
    const stored = readFileSync(secretFile, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  createPrivateDirectory(dataDir);
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The configuration, validated once at start from `source` (server.js passes `process.env` and its
 * own directory as `appDir`) with the features' `sections`; a missing session secret is generated
 * and kept in the data directory.
 */
export function loadEnv<Sections extends EnvSections = Record<never, never>>(
  source: EnvSource,
  appDir: string,
  sections = {} as Sections,
): Env & SectionsOutput<Sections> {
  const parsed = parseEnv(source, appDir, sections);
  // Instances that each generated their own secret reject each other's tokens: behind one address, every hop signs the user out.
  if (parsed.redisUrl && !parsed.sessionSecret) {
    throw new ConfigError("SESSION_SECRET must be set when REDIS_URL is: every instance must sign sessions with the same secret.");
  }
  createPrivateDirectory(parsed.dataDir);
  return { ...parsed, sessionSecret: parsed.sessionSecret ?? ensureSessionSecret(parsed.dataDir) };
}
