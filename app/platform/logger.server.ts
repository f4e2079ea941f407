import { AsyncLocalStorage } from "node:async_hooks";

import { LRUCache } from "lru-cache";
import { type DestinationStream, pino } from "pino";

/**
 * What the server tells its operator: one JSON object a line (time, level, msg, the request id
 * of the request being handled), on standard output.
 */
export type Logger = {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
  /** Runs `work` so that every line it logs, after its awaits too, names the request it handles. */
  forRequest<T>(requestId: string, work: () => T): T;
  /** The one line each answered request leaves. */
  request(line: RequestLine): void;
};

type RequestLine = {
  requestId: string;
  method: string;
  /** The route's pattern (/stocks/:ticker), not the path a visitor typed: what an operator groups by. */
  route: string;
  /** Without its query, where searches and tokens travel. */
  path: string;
  status: number;
  durationMs: number;
};

type Level = "info" | "warn" | "error";

/** Keys whose values never reach the log, whatever object carries them. */
const secretKeys = ["password", "passwordHash", "email", "name", "nickname", "token", "cookie", "authorization", "params"];

/** Distinct errors whose stack was written; past this many the least recently seen is forgotten (and may be written again). */
const rememberedErrors = 500;

/**
 * Text a message may carry by accident (an upstream's error quoting its input): e-mail addresses
 * and password hashes are cut out wherever they appear.
 */
function scrub(text: string): string {
  return text.replace(/\$argon2[^\s,'")]*/g, "[hash]").replace(/[^\s@,'"()<>]+@[^\s@,'"()<>]+\.[a-z]{2,}/gi, "[email]");
}

type ErrorLike = Error & { code?: unknown; query?: unknown; params?: unknown };

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error || (typeof value === "object" && value !== null && "message" in value && "stack" in value);
}

/**
 * An error as it may be written: its name, code and message. A failed query's message (Drizzle's
 * DrizzleQueryError) lists the query's parameters, a registration's e-mail and password hash
 * among them: it is named by its cause, the driver's error, whose message holds no values.
 */
function describeError(error: ErrorLike): { type: string; code?: string; message: string } {
  const failedQuery = "params" in error && "query" in error;
  const cause = failedQuery && isErrorLike(error.cause) ? describeError(error.cause) : undefined;
  const code = typeof error.code === "string" || typeof error.code === "number" ? String(error.code) : cause?.code;
  const message = failedQuery ? `database query failed${cause ? `: ${cause.type}: ${cause.message}` : ""}` : scrub(String(error.message));
  return { type: String(error.name ?? "Error"), ...(code === undefined ? {} : { code }), message };
}

/** A stack's frames without its first line, which repeats the message (and a failed query's parameters). */
function framesOf(error: ErrorLike): string {
  return String(error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/**
 * A logger writing to `destination` (standard output, asynchronously, by default). Each distinct
 * error's stack is written the first time; later occurrences are one line with their count, so an
 * outage failing every request does not bury the log under identical traces.
 */
export function createLogger(destination: DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  const requests = new AsyncLocalStorage<string>();
  const seenErrors = new LRUCache<string, number>({ max: rememberedErrors });
  const base = pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...secretKeys, ...secretKeys.map((key) => `*.${key}`)], censor: "[redacted]" },
      mixin: () => {
        const requestId = requests.getStore();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination,
  );

  const errorFields = (error: ErrorLike) => {
    const described = describeError(error);
    const frames = framesOf(error);
    const signature = `${described.type}|${described.code ?? ""}|${described.message}|${frames.split("\n", 1)[0]}`;
    const seen = (seenErrors.get(signature) ?? 0) + 1;
    seenErrors.set(signature, seen);
    return seen === 1 ? { ...described, stack: frames } : { ...described, repeated: seen };
  };

  const write =
    (level: Level) =>
    (message: string, ...details: unknown[]) => {
      const error = details.find(isErrorLike);
      const said = details.map((detail) => {
        if (!isErrorLike(detail)) return String(detail);
        const { type, message } = describeError(detail);
        return `${type}: ${message}`;
      });
      const text = scrub([message, ...said].join(" "));
      if (error) base[level]({ error: errorFields(error) }, text);
      else base[level](text);
    };

  return {
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    forRequest: (requestId, work) => requests.run(requestId, work),
    request: (line) => base.info(line, "request"),
  };
}

/** For tests: a logger keeping every line it writes, parsed, so a test can assert what the operator would read. */
export function memoryLogger(): Logger & {
  /** Level and message of each line. */
  lines: Array<{ level: Level; message: string }>;
  /** Each line whole, as written. */
  records: Array<Record<string, unknown>>;
} {
  const lines: Array<{ level: Level; message: string }> = [];
  const records: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    write(json: string) {
      const record = JSON.parse(json) as Record<string, unknown>;
      records.push(record);
      lines.push({ level: record.level as Level, message: String(record.msg) });
    },
  });
  return Object.assign(logger, { lines, records });
}

/**
 * Says once that `dependency` went down, and once that it came back, however many failures
 * (one per request, one per tick) report it meanwhile.
 */
export function dependencyReport(logger: Logger, dependency: string) {
  let state: "up" | "down" = "up";
  return {
    down(reason: string, consequence = "") {
      if (state === "down") return;
      state = "down";
      logger.warn(`${dependency} is unavailable (${reason})${consequence ? `: ${consequence}` : ""}`);
    },
    up(consequence = "") {
      if (state === "up") return;
      state = "up";
      logger.info(`${dependency} is back${consequence ? `: ${consequence}` : ""}`);
    },
  };
}
