import { DAY_MS, HOUR_MS } from "~/lib/time";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { createPrivateDirectory } from "./private-files.server";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

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
    CRYPTO_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "coingecko"]).default("demo")),
    COINGECKO_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    COINGECKO_KEY_TYPE: z.preprocess(emptyAsUndefined, z.enum(["demo", "pro"]).default("demo")),
    COINGECKO_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    STOCKS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "brapi"]).default("demo")),
    BRAPI_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    BRAPI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    US_STOCKS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["none", "finnhub"]).optional()),
    TWELVE_DATA_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    TWELVE_DATA_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    NEWS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "finnhub"]).default("demo")),
    CALENDAR_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "finnhub"]).default("demo")),
    FINNHUB_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    FINNHUB_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    RATES_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "currency-api"]).default("demo")),
    ECONOMY_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["demo", "bcb"]).default("demo")),
    BCB_SGS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    CURRENCY_API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    CURRENCY_API_FALLBACK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    REALTIME_DEMO_TICK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(250).max(HOUR_MS).default(5000)),
    REALTIME_POLL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(15)),
    CRYPTO_STREAM: z.preprocess(emptyAsUndefined, z.enum(["binance", "off"]).default("binance")),
    BINANCE_STREAM_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^wss?$/ }).default("wss://stream.binance.com:9443")),
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
    // Finnhub has no keyless tier.
    for (const variable of ["NEWS_PROVIDER", "CALENDAR_PROVIDER"] as const) {
      if (env[variable] === "finnhub" && !env.FINNHUB_API_KEY) {
        context.addIssue({ code: "custom", path: ["FINNHUB_API_KEY"], message: `is required when ${variable}=finnhub` });
      }
    }
    // brapi serves B3 only; the demo already has the US names, so a live US source only pairs with brapi.
    if (env.US_STOCKS_PROVIDER === "finnhub") {
      if (env.STOCKS_PROVIDER !== "brapi") {
        context.addIssue({ code: "custom", path: ["US_STOCKS_PROVIDER"], message: "needs STOCKS_PROVIDER=brapi" });
      }
      for (const variable of ["FINNHUB_API_KEY", "TWELVE_DATA_API_KEY"] as const) {
        if (!env[variable]) {
          context.addIssue({ code: "custom", path: [variable], message: "is required when US_STOCKS_PROVIDER=finnhub" });
        }
      }
    }
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

/** Without US_STOCKS_PROVIDER, live B3 stocks with both keys present bring the US stocks live too. */
function usStocksProviderOf(env: ParsedEnv): "none" | "finnhub" {
  if (env.US_STOCKS_PROVIDER) return env.US_STOCKS_PROVIDER;
  return env.STOCKS_PROVIDER === "brapi" && env.FINNHUB_API_KEY && env.TWELVE_DATA_API_KEY ? "finnhub" : "none";
}

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

export type MarketEnv = {
  crypto: { provider: "demo" | "coingecko"; apiKey?: string; keyType: "demo" | "pro"; baseUrl?: string };
  stocks: { provider: "demo" | "brapi"; token?: string; baseUrl?: string };
  /** US stocks beside brapi: Finnhub quotes and profiles (the `finnhub` key) with Twelve Data daily candles. */
  usStocks: { provider: "none" | "finnhub"; twelveDataApiKey?: string; twelveDataBaseUrl?: string };
  news: { provider: "demo" | "finnhub" };
  calendar: { provider: "demo" | "finnhub" };
  finnhub: { apiKey?: string; baseUrl?: string };
  rates: { provider: "demo" | "currency-api"; baseUrl?: string; fallbackBaseUrl?: string };
  /** Selic, CDI and IPCA: Banco Central do Brasil's SGS series when `bcb`. */
  economy: { provider: "demo" | "bcb"; baseUrl?: string };
  cacheTtlMs: number;
  upstreamTimeoutMs: number;
  retryBaseDelayMs: number;
};

/** The realtime channel's sources: how often demo prices tick, how often live quotes are read again while watched. */
export type RealtimeEnv = {
  demoTickMs: number;
  pollMs: number;
  /** The exchange stream live crypto prices come from, between two reads of the provider. */
  cryptoStream: { provider: "binance"; url: string } | { provider: "off" };
};

/** A provider is present only when both its client id and secret are set. */
export type OAuthEnv = {
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
 * Validates the environment; every problem names the variable so an operator can fix it.
 * The default data directory is `data` in `appDir`, so a service started from any working directory
 * finds its data; a relative DATA_DIR or DATABASE_PATH is the operator's own and, like any path
 * typed in a shell, is taken from the working directory.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  appDir = process.cwd(),
): Omit<Env, "sessionSecret"> & {
  sessionSecret: string | undefined;
} {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join(".")}: ${issue.message} (got ${shownValue(name, source[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = result.data;
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(appDir, "data");
  return {
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
      crypto: {
        provider: env.CRYPTO_PROVIDER,
        apiKey: env.COINGECKO_API_KEY,
        keyType: env.COINGECKO_KEY_TYPE,
        baseUrl: env.COINGECKO_BASE_URL,
      },
      stocks: { provider: env.STOCKS_PROVIDER, token: env.BRAPI_TOKEN, baseUrl: env.BRAPI_BASE_URL },
      usStocks: {
        provider: usStocksProviderOf(env),
        twelveDataApiKey: env.TWELVE_DATA_API_KEY,
        twelveDataBaseUrl: env.TWELVE_DATA_BASE_URL,
      },
      news: { provider: env.NEWS_PROVIDER },
      calendar: { provider: env.CALENDAR_PROVIDER },
      finnhub: { apiKey: env.FINNHUB_API_KEY, baseUrl: env.FINNHUB_BASE_URL },
      rates: {
        provider: env.RATES_PROVIDER,
        baseUrl: env.CURRENCY_API_BASE_URL,
        fallbackBaseUrl: env.CURRENCY_API_FALLBACK_URL,
      },
      economy: { provider: env.ECONOMY_PROVIDER, baseUrl: env.BCB_SGS_URL },
      cacheTtlMs: env.MARKET_CACHE_TTL_SECONDS * 1000,
      upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
      retryBaseDelayMs: env.UPSTREAM_RETRY_DELAY_MS,
    },
    realtime: {
      demoTickMs: env.REALTIME_DEMO_TICK_MS,
      pollMs: env.REALTIME_POLL_SECONDS * 1000,
      cryptoStream:
        env.CRYPTO_STREAM === "binance" ? { provider: "binance", url: env.BINANCE_STREAM_URL.replace(/\/$/, "") } : { provider: "off" },
    },
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
export function shownValue(name: string, value: string | undefined): string {
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
 * own directory as `appDir`); a missing session secret is generated and kept in the data directory.
 */
export function loadEnv(source: Record<string, string | undefined>, appDir: string): Env {
  const parsed = parseEnv(source, appDir);
  // Instances that each generated their own secret reject each other's tokens: behind one address, every hop signs the user out.
  if (parsed.redisUrl && !parsed.sessionSecret) {
    throw new ConfigError("SESSION_SECRET must be set when REDIS_URL is: every instance must sign sessions with the same secret.");
  }
  createPrivateDirectory(parsed.dataDir);
  return { ...parsed, sessionSecret: parsed.sessionSecret ?? ensureSessionSecret(parsed.dataDir) };
}
