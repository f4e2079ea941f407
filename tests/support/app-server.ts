/**
 * Starts the BUILT app (`node server.js`, production) as a child process on its own free port and
 * its own data directory, for tests that need an instance configured their way (live upstreams
 * pointed at a fake, a cache turned off, a restart with the same database).
 *
 *   const app = await startAppServer({ env: { CRYPTO_PROVIDER: "coingecko", COINGECKO_BASE_URL: … } });
 *   await fetch(`${app.url}/cryptos`);
 *   const db = app.openDatabase();           // read-only view of its SQLite file
 *   await app.restart({ env: { … } });        // same data directory, new environment
 *   const code = await app.terminate();       // SIGTERM, as a service manager stops it: its exit code
 *   await app.stop();
 *
 * `npm run build` must have run (Playwright's runs build first). The server's output is kept, so a
 * failing test can print what the server logged.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

export type AppServerOptions = {
  env?: Record<string, string>;
  /** Reuse a data directory (the default is a new one). */
  dataDir?: string;
  /** The server's working directory (the default is the repository). */
  cwd?: string;
};

export type AppServer = {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  dataDir: string;
  databasePath: string;
  /** Everything the server printed (stdout and stderr) since it started. */
  output(): string;
  /** The server's resident memory now, in bytes (Linux). */
  residentBytes(): number;
  /** A read-only connection to the app's database; close it when done. */
  openDatabase(): Database.Database;
  /** Stops the server and starts it again on the same data directory, with `env` replacing the first one's. */
  restart(options?: Pick<AppServerOptions, "env">): Promise<void>;
  /** Sends the server `signal` (SIGTERM by default); resolves with its exit code once it has exited. */
  terminate(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the server; a data directory it made itself is removed. */
  stop(): Promise<void>;
};

const repositoryRoot = path.resolve(import.meta.dirname, "../..");
const startTimeoutMs = 30_000;
const stopTimeoutMs = 5_000;

/** A port nobody listens on right now: the OS picks it, then lets it go for the server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before answering:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the app did not answer within ${startTimeoutMs} ms:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // Open keep-alive connections can hold a graceful close: kill it when it takes too long.
    const kill = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "market-analytics-app-"));
  const databasePath = path.join(dataDir, "app.db");
  let log = "";
  let child: ChildProcess;
  let url = "";

  async function start(env: Record<string, string>) {
    // Another test's process can take the free port between the probe and the server's listen:
    // the server then exits saying the port is in use, and another port is tried.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const logStart = log.length;
      url = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [path.join(repositoryRoot, "server.js")], {
        cwd: options.cwd ?? repositoryRoot,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          // No internet here: a test that wants the exchange stream starts the fake Binance and names it.
          CRYPTO_STREAM: "off",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
      try {
        await waitUntilAnswering(url, child, () => log);
        return;
      } catch (error) {
        await stopProcess(child);
        if (attempt < 3 && log.slice(logStart).includes("is in use; set PORT")) continue;
        throw error;
      }
    }
  }

  await start(options.env ?? {});
  return {
    get url() {
      return url;
    },
    dataDir,
    databasePath,
    output: () => log,
    residentBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]) * 1024,
    openDatabase: () => new Database(databasePath, { readonly: true, fileMustExist: true }),
    async restart(next = {}) {
      await stopProcess(child);
      await start(next.env ?? options.env ?? {});
    },
    terminate(signal = "SIGTERM") {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill(signal);
      return exited;
    },
    async stop() {
      await stopProcess(child);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The password of the accounts signUp makes: one the strength check accepts. */
export const signUpPassword = "Chuva-de-Pipoca-7";

/** A new account on `app`, `nickname`@app-server.example, signed in: its session cookies, as a Cookie header. */
export async function signUp(app: AppServer, nickname: string, headers: Record<string, string> = {}): Promise<string> {
  const password = signUpPassword;
  const response = await fetch(`${app.url}/register`, {
    method: "POST",
    headers: { Origin: app.url, ...headers },
    body: new URLSearchParams({
      email: `${nickname}@app-server.example`,
      name: "Ana Souza",
      nickname,
      password,
      confirmPassword: password,
    }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
