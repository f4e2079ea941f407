// Child processes for the benchmark and the budget check: the real app, the bare React Router
// app and the static page, each on a free loopback port, with their memory and CPU readable.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { request } from "./http.js";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const host = "127.0.0.1";
/** Clock ticks per second of /proc/<pid>/stat: 100 on every Linux this runs on. */
const clockTicks = 100;

/**
 * The share of the machine's CPU time spent working over the next `ms`, from /proc/stat: other
 * work on the machine skews every figure, ratios included.
 */
export async function machineBusyShare(ms = 2000) {
  const read = () => {
    const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url, child, output, timeoutMs) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${output()}`);
    try {
      await request(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts `node <script>` with exactly `env` (plus PATH), on `port` or a free one, and resolves once
 * `readyPath` answers (within `startTimeoutMs`). Its standard error is kept (the last 8 KB) to explain a failure; `ownDirs`
 * are removed when it stops.
 */
export async function startNodeServer({ name, script, env, port: chosenPort, readyPath = "/", ownDirs = [], startTimeoutMs = 30_000 }) {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, [script], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOST: host, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors = (errors + chunk).slice(-8192);
  });
  const url = `http://${host}:${port}`;
  await waitUntilAnswering(url + readyPath, child, () => errors, startTimeoutMs).catch((error) => {
    child.kill("SIGKILL");
    for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    name,
    url,
    pid: child.pid,
    /** What it wrote to standard error lately. */
    errors: () => errors,
    /** Sends `signal` and resolves once the process has exited. */
    kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      return exited;
    },
    /** Resident memory in MB, from /proc. */
    rssMb() {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
      return Number(kb) / 1024;
    },
    /** CPU seconds used so far (user + system). */
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return (Number(fields[11]) + Number(fields[12])) / clockTicks;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 5000).unref();
        });
      }
      for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The production build of Market Analytics with its own empty data directory (or `dataDir`, which
 * it then owns and removes) and demo data everywhere (a clean environment, so a developer's
 * provider keys never reach an upstream); `env` adds settings. With `memoryProbe` it answers
 * readMemoryProbe (scripts/lib/memory.js).
 */
export async function startRealApp({ name = "app", pageCache = true, memoryProbe = false, dataDir, env = {} } = {}) {
  const ownDir = dataDir ?? mkdtempSync(path.join(tmpdir(), "market-analytics-bench-"));
  // Where the preloaded probe (scripts/lib/memory-probe.js) writes its readings.
  const memoryProbeFile = memoryProbe ? path.join(ownDir, "memory-probe.json") : undefined;
  const probeEnv = memoryProbeFile
    ? {
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(projectRoot, "scripts/lib/memory-probe.js")).href}`,
        MEMORY_PROBE_FILE: memoryProbeFile,
      }
    : {};
  const server = await startNodeServer({
    name,
    script: "server.js",
    readyPath: "/healthz",
    // Loading the build takes far longer on a machine busy with other work.
    startTimeoutMs: 90_000,
    env: { NODE_ENV: "production", DATA_DIR: ownDir, ...(pageCache ? {} : { PAGE_CACHE_TTL_SECONDS: "0" }), ...probeEnv, ...env },
    ownDirs: [ownDir],
  });
  return { ...server, memoryProbeFile };
}
