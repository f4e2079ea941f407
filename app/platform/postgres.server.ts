import path from "node:path";

import type { SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";

import * as pgSchema from "../../db/schema.pg";
import type { AppDatabase, Orm, Tables } from "./database.server";
import { dependencyReport, type Logger } from "./logger.server";
import { logAppliedMigrations } from "./migrations.server";

type PgOrm = NodePgDatabase<typeof pgSchema>;

/**
 * The driver and drizzle's side of it, loaded when PostgreSQL is configured: the one-file server
 * build would otherwise load them in every process, some 15 MB, for nothing on SQLite.
 */
async function loadDriver() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  // SQLite hands counts and sums back as numbers; node-postgres gives 64-bit integers and numerics
  // as strings. The same query must read the same values on both engines, and every number this
  // app keeps fits in a double. (The driver's parsers are process-wide; drizzle reads these.)
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
  return { pg, drizzle, migrate };
}

/** Any fixed number: every instance of the app takes the same advisory lock to migrate. */
const migrationLock = 7_318_205_440_115;

/**
 * How long PostgreSQL may keep the app waiting. A database that froze or a network that dropped
 * packets must not hang every signed-in request for as long as it lasts: past these, a query
 * fails and the page says so.
 */
type PostgresTimeouts = {
  /** To open a connection. */
  connectMs: number;
  /** One query, from the app's side (a frozen server never answers a server-side timeout). */
  queryMs: number;
};

const defaultTimeouts: PostgresTimeouts = { connectMs: 5_000, queryMs: 15_000 };
/** While PostgreSQL cannot be reached at start, attempts back off up to this delay, for as long as it takes. */
const longestStartRetryDelayMs = 30_000;

/** Errors that mean "not reachable yet" (down, starting, refusing, a network away), not a wrong setting. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "57P03",
]);
const isUnreachable = (error: unknown) =>
  error instanceof Error &&
  (unreachableCodes.has((error as { code?: string }).code ?? "") ||
    /timeout|terminated unexpectedly|Connection terminated/i.test(error.message));

export type PostgresOptions = { logger?: Logger; timeouts?: PostgresTimeouts; firstRetryDelayMs?: number };

/**
 * Connects a pool to the PostgreSQL database at `url` and brings its schema up to date with
 * the app's PostgreSQL migrations in `appDir`. Instances that start together migrate one after
 * another under an advisory lock, so each migration is applied once. An instance started while
 * PostgreSQL is down waits for it, retrying with back-off and saying so once.
 */
export async function openPostgres(url: string, appDir: string, options: PostgresOptions = {}): Promise<AppDatabase> {
  const { logger, timeouts = defaultTimeouts, firstRetryDelayMs = 500 } = options;
  const driver = await loadDriver();
  const { pg, drizzle } = driver;
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  await untilReachable(url, logger, firstRetryDelayMs, () =>
    migrateUnderLock(driver, new pg.Client(connection), path.join(appDir, "db/migrations-pg"), logger),
  );
  const pool = new pg.Pool({
    ...connection,
    allowExitOnIdle: true,
    query_timeout: timeouts.queryMs,
    // The server gives up too, so a query the app stopped waiting for does not run on.
    statement_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: 4 * timeouts.queryMs,
  });
  // An idle connection the server drops (restart, failover) must not take the process down:
  // the pool replaces it, and the next query that cannot connect fails on its own. Each idle
  // connection reports the same loss: the log says it once, and once when a connection is made again.
  const reachability = logger && dependencyReport(logger, "PostgreSQL");
  pool.on("error", (error) =>
    reachability?.down(`connection lost: ${error.message}`, "requests that need the database fail until it returns"),
  );
  const open = new Set<pg.PoolClient>();
  pool.on("connect", (client) => {
    reachability?.up();
    open.add(client);
    client.once("end", () => open.delete(client));
  });
  const orm = drizzle(pool, { schema: pgSchema });
  let closing: Promise<void> | undefined;
  const close = async () => {
    // The pool's end resolves once it has asked each connection to close; wait for them to be
    // closed. Idle connections no longer hold the process open (allowExitOnIdle): this does.
    const closed = [...open].map((client) => new Promise((resolve) => client.once("end", resolve)));
    const holdOpen = setInterval(() => undefined, 60_000);
    try {
      await pool.end();
      await Promise.all(closed);
    } finally {
      clearInterval(holdOpen);
    }
  };
  const db = handle(orm, () => (closing ??= close()));
  return { ...db, pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
}

/** Runs `attempt` until PostgreSQL can be reached; any other failure (a wrong password, a broken migration) ends the start. */
async function untilReachable(url: string, logger: Logger | undefined, firstDelayMs: number, attempt: () => Promise<void>) {
  const { hostname, port, pathname } = new URL(url);
  const where = `${hostname}:${port || 5432}${pathname}`;
  for (let delay = firstDelayMs, waited = false; ; delay = Math.min(delay * 2, longestStartRetryDelayMs)) {
    try {
      await attempt();
      if (waited) (logger ?? console).info(`PostgreSQL at ${where} is reachable: starting`);
      return;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      if (!waited)
        (logger ?? console).warn(
          `PostgreSQL at ${where} is unreachable (${(error as Error).message}): waiting for it, retrying with back-off`,
        );
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function migrateUnderLock(
  { drizzle, migrate }: Awaited<ReturnType<typeof loadDriver>>,
  client: pg.Client,
  migrationsFolder: string,
  logger: Logger | undefined,
) {
  // A connection of its own, without the pool's query timeout: waiting for another instance's
  // migration under the lock may take longer than any one query should.
  await client.connect();
  try {
    // A session lock: released by the unlock below, or by the server if this process dies.
    await client.query("select pg_advisory_lock($1)", [migrationLock]);
    // drizzle records what it applied in drizzle.__drizzle_migrations, created on its first run.
    const newestMigration = async () => {
      const { rows: table } = await client.query("select to_regclass('drizzle.__drizzle_migrations') as found");
      if (!table[0]?.found) return 0;
      const { rows } = await client.query("select coalesce(max(created_at), 0) as newest from drizzle.__drizzle_migrations");
      return Number(rows[0]?.newest);
    };
    try {
      const before = await newestMigration();
      await migrate(drizzle(client), { migrationsFolder });
      logAppliedMigrations(migrationsFolder, before, await newestMigration(), logger);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLock]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The AppDatabase over `orm`: the pool itself, or one transaction's connection. */
function handle(orm: PgOrm, close: () => Promise<void>, inTransaction = false): AppDatabase {
  const db: AppDatabase = {
    dialect: "postgres",
    orm: orm as unknown as Orm,
    tables: pgSchema as unknown as Tables,
    transaction(work) {
      if (inTransaction) return work(db);
      return orm.transaction((tx) => work(handle(tx as unknown as PgOrm, close, true)));
    },
    async rows<Row>(statement: SQL) {
      const result = await orm.execute(statement);
      return result.rows as Row[];
    },
    close,
  };
  return db;
}
