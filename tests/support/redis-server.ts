import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway redis-server (Debian's package) for tests: its own temporary directory, a private
 * port on 127.0.0.1, nothing written to disk. Tests stop, restart and freeze it to see what the
 * app does while Redis is gone or hangs.
 *
 *   const redis = await startRedisServer();
 *   const services = await createTestServices({ environment: { REDIS_URL: redis.url } });
 *   await redis.stop();   // connections drop; the app must keep serving
 *   await redis.start();  // same port, empty data
 *   await redis.close();
 */
export type RedisServer = {
  readonly url: string;
  /** Stops the server as a crash would (its data is gone: nothing is persisted). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing answers. */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
};

export async function startRedisServer(): Promise<RedisServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "market-analytics-redis-"));
  const port = await freePort();
  let running: ChildProcess | undefined;

  const start = async () => {
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    running = child;
    // A test run that ends without close() leaves no server behind.
    const orphaned = () => child.kill("SIGKILL");
    process.once("exit", orphaned);
    child.once("exit", () => process.off("exit", orphaned));
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      child.once("error", (error) =>
        reject(new Error(`redis-server could not start (${error.message}); install it with: apt-get install redis-server`)),
      );
      child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      const poll = setInterval(() => {
        if (!output.includes("Ready to accept connections")) return;
        clearInterval(poll);
        resolve();
      }, 20);
      child.once("exit", () => clearInterval(poll));
    });
  };

  const stop = async () => {
    const child = running;
    running = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGCONT");
    child.kill("SIGKILL");
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    freeze: () => running?.kill("SIGSTOP"),
    thaw: () => running?.kill("SIGCONT"),
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on right now (the system picks it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
