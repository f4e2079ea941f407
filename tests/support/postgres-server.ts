/**
 * A throwaway PostgreSQL server for tests: a new cluster in a temporary directory, on a free
 * local port, tuned for speed rather than durability, removed again by `stop()`. It uses the
 * server programs of the installed PostgreSQL (Debian keeps them in /usr/lib/postgresql/N/bin).
 * PostgreSQL refuses to run as root, so under root it runs as `nobody`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";

import { freePort } from "./app-server";

export type PostgresServer = {
  /** Connects as the superuser `postgres` to its `postgres` database, without a password. */
  readonly url: string;
  stop(): Promise<void>;
};

/** The directory of `initdb` and `postgres`, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const debianRoot = "/usr/lib/postgresql";
  if (existsSync(debianRoot)) {
    const newest = readdirSync(debianRoot)
      .filter((version) => existsSync(path.join(debianRoot, version, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(debianRoot, newest, "bin");
  }
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  return onPath ? path.dirname(onPath) : undefined;
}

const unprivileged = { uid: 65534, gid: 65534 };
const runningAsRoot = process.getuid?.() === 0;

/** Runs `program` as `nobody` under root (setpriv execs it, so signals reach PostgreSQL itself). */
function asServerUser(program: string, args: string[]): [string, string[]] {
  if (!runningAsRoot) return [program, args];
  return ["setpriv", [`--reuid=${unprivileged.uid}`, `--regid=${unprivileged.gid}`, "--clear-groups", "--", program, ...args]];
}

async function waitUntilAccepting(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (${server.exitCode}):\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${String(error)}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const root = mkdtempSync(path.join(tmpdir(), "market-analytics-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  mkdirSync(socketDir);
  if (runningAsRoot) {
    chownSync(root, unprivileged.uid, unprivileged.gid);
    chownSync(socketDir, unprivileged.uid, unprivileged.gid);
  }
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const [initdb, initdbArgs] = asServerUser(path.join(binDir, "initdb"), [
      ...["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"],
      ...["--no-sync", "--no-instructions"],
    ]);
    const initialised = spawnSync(initdb, initdbArgs, { encoding: "utf8" });
    if (initialised.status !== 0) throw new Error(`initdb failed: ${initialised.stderr || initialised.error}`);

    const port = await freePort();
    // A test cluster: nothing needs to survive a crash, and every test file opens its own pools.
    const settings = {
      listen_addresses: "127.0.0.1",
      port: String(port),
      unix_socket_directories: socketDir,
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      shared_buffers: "32MB",
      max_connections: "300",
    };
    const [postgres, postgresArgs] = asServerUser(path.join(binDir, "postgres"), [
      "-D",
      dataDir,
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ]);
    const server = spawn(postgres, postgresArgs, { stdio: ["ignore", "ignore", "pipe"] });
    let output = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    });
    const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const stop = async () => {
      if (server.exitCode === null && server.signalCode === null) {
        // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is waited for.
        server.kill("SIGINT");
        const killLater = setTimeout(() => server.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killLater);
      }
      remove();
    };
    try {
      await waitUntilAccepting(url, server, () => output);
    } catch (error) {
      await stop();
      throw error;
    }
    return { url, stop };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * The PostgreSQL server the suite runs against (`npm run test:unit:pg` starts one), or undefined
 * when it runs on SQLite.
 */
export const testDatabaseServer = process.env.TEST_DATABASE_URL || undefined;

/** The suite's PostgreSQL server, or a throwaway one of the test file's own when the suite runs on SQLite. */
export async function postgresForTest(): Promise<PostgresServer> {
  if (testDatabaseServer) return { url: testDatabaseServer, stop: async () => {} };
  return startPostgresServer();
}

/** `url` with its database replaced by `database` (test databases live beside the server's own). */
function withDatabase(url: string, database: string) {
  const result = new URL(url);
  result.pathname = `/${database}`;
  return result.toString();
}

/** Creates an empty database with a random name on the server at `url` and returns its URL. */
export async function createScratchDatabase(url: string): Promise<string> {
  const name = `t_${crypto.randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(url, name);
}
