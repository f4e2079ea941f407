import type { SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import path from "node:path";
import type pg from "pg";
import * as pgSchema from "../../db/schema.pg";
import type { AppDatabase, Orm, Tables } from "./database.server";
import { dependencyReport, type Logger } from "./logger.server";

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
 * Connects a pool to the PostgreSQL database at `url` and brings its schema up to date with
 * the app's PostgreSQL migrations in `appDir`. Instances that start together migrate one after
 * another under an advisory lock, so each migration is applied once.
 */
export async function openPostgres(url: string, appDir: string, logger?: Logger): Promise<AppDatabase> {
  const driver = await loadDriver();
  const { pg, drizzle } = driver;
  const pool = new pg.Pool({ connectionString: url, allowExitOnIdle: true });
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
  try {
    await migrateUnderLock(driver, pool, path.join(appDir, "db/migrations-pg"));
  } catch (error) {
    await pool.end();
    throw error;
  }
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

async function migrateUnderLock({ drizzle, migrate }: Awaited<ReturnType<typeof loadDriver>>, pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    // A session lock: released by the unlock below, or by the server if this process dies.
    await client.query("select pg_advisory_lock($1)", [migrationLock]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLock]);
    }
  } finally {
    client.release();
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
