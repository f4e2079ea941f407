// PostgreSQL, Redis and nginx from Debian's packages, each started for one run in its own temporary
// directory on a private loopback port, as an unprivileged user when this runs as root (PostgreSQL
// refuses root; the others have no business with it either). Stopping one removes its directory.
// The multi-instance test and the benchmark use them; nginx runs the committed reference
// deployment, deploy/nginx/market-analytics.conf.
import { execFileSync, spawn } from "node:child_process";
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";

import { projectRoot } from "./servers.js";

const host = "127.0.0.1";
const referenceNginxConfig = path.join(projectRoot, "deploy/nginx/market-analytics.conf");
/** Debian 12's names; `postgresql` brings the current major version. */
const debianPackages = { nginx: "nginx-light", "redis-server": "redis-server", postgres: "postgresql" };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` on PATH or in the sbin directories a non-login root shell may lack; undefined when absent. */
export function findExecutable(name) {
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => path.join(dir, name)).find(isExecutable);
}

/** Debian keeps PostgreSQL's server programs out of PATH, in /usr/lib/postgresql/<major>/bin: the newest. */
function postgresBinDir() {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  for (const major of majors.sort((a, b) => Number(b) - Number(a))) {
    const dir = path.join(root, major, "bin");
    if (isExecutable(path.join(dir, "postgres")) && isExecutable(path.join(dir, "initdb"))) return dir;
  }
  const onPath = findExecutable("postgres");
  return onPath && isExecutable(path.join(path.dirname(onPath), "initdb")) ? path.dirname(onPath) : undefined;
}

const installed = {
  nginx: () => findExecutable("nginx") !== undefined,
  "redis-server": () => findExecutable("redis-server") !== undefined,
  postgres: () => postgresBinDir() !== undefined,
};

/**
 * Installs whichever of `programs` (nginx, redis-server, postgres) is missing with apt-get, which
 * needs root. Package scripts are kept from starting the system's own services meanwhile (a
 * policy-rc.d that says no, the usual way in containers): this run starts its own.
 */
export function ensureDebianPackages(programs, log = console.error) {
  const missing = programs.filter((program) => !installed[program]());
  if (missing.length === 0) return;
  const packages = missing.map((program) => debianPackages[program]);
  if (process.getuid?.() !== 0 || !findExecutable("apt-get")) {
    throw new Error(`${missing.join(", ")} missing: install ${packages.join(" ")} (Debian packages), or run this as root to let it do so`);
  }
  log(`Installing ${packages.join(", ")} with apt-get…`);
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  const stillMissing = missing.filter((program) => !installed[program]());
  if (stillMissing.length > 0) throw new Error(`apt-get ran, yet ${stillMissing.join(", ")} is still missing`);
}

/** uid and gid of `nobody` when this runs as root, else nothing (the current user is unprivileged already). */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return {};
  const entry = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => fields[0] === "nobody");
  if (!entry) throw new Error("Running as root, and there is no user `nobody` to run PostgreSQL, Redis and nginx as");
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A new temporary directory the unprivileged user owns. */
function ownedTempDir(prefix, user) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  return dir;
}

/** A free loopback port chosen by the system, unless the caller has one. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command` as `user` in `dir`, keeping the last 16 KB of what it prints. `stop` sends
 * `stopSignal`, kills it after 10 s, waits for its exit and removes `dir`.
 */
function startProcess({ name, command, args, dir, user, stopSignal = "SIGTERM" }) {
  const child = spawn(command, args, { cwd: dir, ...user, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => (output = (output + chunk).slice(-16_384));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.once("error", (error) => keep(`${name} could not start: ${error.message}\n`));
  /** Stops the process and keeps `dir`: it can be started again on the same files. */
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.kill(stopSignal);
      await exited;
      clearTimeout(kill);
    }
  };
  return {
    child,
    output: () => output,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    halt,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls `probe` until it resolves, for up to 30 s; a process that dies meanwhile fails at once with what it printed. */
async function waitFor(name, started, probe) {
  let lastError;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (started.hasExited()) throw new Error(`${name} exited before it was ready:\n${started.output()}`);
    try {
      return await probe();
    } catch (error) {
      lastError = error;
    }
  }
  await started.stop();
  throw new Error(`${name} was not ready within 30 s (${lastError}):\n${started.output()}`);
}

/** CPU seconds (user + system) of a process and of its children, from /proc. */
function processTreeCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return own + children.reduce((total, child) => total + processTreeCpuSeconds(Number(child)), 0);
  } catch {
    return 0;
  }
}

/**
 * A PostgreSQL cluster made for this run (initdb), one database `market_analytics`, trust
 * authentication on loopback only. fsync is off: the data dies with the run anyway, and an app
 * instance killed mid-write still leaves PostgreSQL itself running.
 * @returns {Promise<{ url: string, stop(): Promise<void>, down(): Promise<void>, up(): Promise<void> }>}
 */
export async function startPostgres({ port } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server programs are missing (Debian package postgresql)");
  const user = unprivilegedUser();
  const dir = ownedTempDir("market-analytics-pg-", user);
  const dataDir = path.join(dir, "data");
  try {
    execFileSync(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], {
      cwd: dir,
      ...user,
      env: { PATH: process.env.PATH ?? "" },
      stdio: "pipe",
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${error.stderr ?? error.message}`);
  }
  const chosenPort = port ?? (await freePort());
  const settings = {
    listen_addresses: host,
    unix_socket_directories: dir,
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    max_connections: "100",
  };
  const args = ["-D", dataDir, "-p", String(chosenPort), ...Object.entries(settings).flatMap(([key, value]) => ["-c", `${key}=${value}`])];
  // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, the cluster stops cleanly.
  const launch = () => startProcess({ name: "PostgreSQL", command: path.join(bin, "postgres"), args, dir, user, stopSignal: "SIGINT" });
  const serverUrl = `postgres://postgres@${host}:${chosenPort}`;
  const query = async (statement) => {
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 1000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let started = launch();
  await waitFor("PostgreSQL", started, () => query("CREATE DATABASE market_analytics"));
  return {
    url: `${serverUrl}/market_analytics`,
    stop: () => started.stop(),
    /** An outage: the server stops (its data kept) until `up`. */
    down: () => started.halt(),
    async up() {
      started = launch();
      await waitFor("PostgreSQL", started, () => query("select 1"));
    },
  };
}

function redisPing(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.setTimeout(1000, () => socket.destroy(new Error("no answer")));
    socket.once("error", reject);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (answer) => {
      socket.destroy();
      if (String(answer).startsWith("+PONG")) resolve(undefined);
      else reject(new Error(String(answer).trim()));
    });
  });
}

/**
 * A Redis server for this run: loopback only, nothing saved to disk.
 * @returns {Promise<{ url: string, stop(): Promise<void> }>}
 */
export async function startRedis({ port } = {}) {
  const command = findExecutable("redis-server");
  if (!command) throw new Error("redis-server is missing (Debian package redis-server)");
  const user = unprivilegedUser();
  const dir = ownedTempDir("market-analytics-redis-", user);
  const chosenPort = port ?? (await freePort());
  const args = ["--port", String(chosenPort), "--bind", host, "--dir", dir, "--save", "", "--appendonly", "no", "--daemonize", "no"];
  const started = startProcess({ name: "Redis", command, args, dir, user });
  await waitFor("Redis", started, () => redisPing(chosenPort));
  return { url: `redis://${host}:${chosenPort}`, stop: started.stop };
}

/**
 * The reference site configuration with this run's addresses: the upstream's `server` lines become
 * one per instance (with the reference's own parameters), the `listen` lines one loopback port.
 */
function nginxSiteFor(reference, { port, upstreams }) {
  const upstreamBlock = /(upstream\s+\S+\s*\{)([^}]*)(\})/g;
  let blocks = 0;
  // Every upstream block (pages, and the realtime socket) gets the instances, with its own server parameters.
  const withInstances = reference.replace(upstreamBlock, (_block, opening, inside, closing) => {
    const serverLine = /^(\s*)server\s+\S+(.*;)\s*$/m.exec(inside);
    if (!serverLine) throw new Error(`${referenceNginxConfig}: an upstream block without a server line`);
    blocks++;
    const [, indent, parameters] = serverLine;
    const servers = upstreams.map((address) => `${indent}server ${address}${parameters}`).join("\n");
    const body = inside.replace(/^\s*server\s+\S+.*;\s*$\n?/gm, "");
    return `${opening}\n${servers}${body.startsWith("\n") ? "" : "\n"}${body}${closing}`;
  });
  if (blocks === 0) throw new Error(`${referenceNginxConfig}: no upstream block`);
  let listened = false;
  const site = withInstances.replace(/^(\s*)listen\s+[^;]+;[^\n]*\n/gm, (_line, lineIndent) => {
    if (listened) return "";
    listened = true;
    return `${lineIndent}listen ${host}:${port};\n`;
  });
  if (!listened) throw new Error(`${referenceNginxConfig}: no listen line`);
  // The error page's root names the install directory of README's unit: here it is this checkout.
  return site.replaceAll("/opt/market-analytics/", `${projectRoot}/`);
}

/**
 * nginx in front of `upstreams` (host:port addresses) with the reference site configuration, in
 * a temporary prefix (pid, logs, temporary files). Its access log names the instance that answered
 * each request, keyed by the request's X-Probe header: `answeredBy(probe)`.
 * @param {{ upstreams: string[], port?: number }} options
 * @returns {Promise<{ url: string, pid: number, cpuSeconds(): number, answeredBy(probe: string): Promise<string | undefined>, stop(): Promise<void> }>}
 */
export async function startNginx({ upstreams, port }) {
  const command = findExecutable("nginx");
  if (!command) throw new Error("nginx is missing (Debian package nginx-light)");
  const user = unprivilegedUser();
  const dir = ownedTempDir("market-analytics-nginx-", user);
  const chosenPort = port ?? (await freePort());
  writeFileSync(
    path.join(dir, "market-analytics.conf"),
    nginxSiteFor(readFileSync(referenceNginxConfig, "utf8"), { port: chosenPort, upstreams }),
  );
  const accessLog = path.join(dir, "access.log");
  // The main configuration a distribution's nginx.conf would give, pointed at this directory. One
  // worker: on a small machine the cores belong to the app instances and the load generator.
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    log_format probes '$http_x_probe $upstream_addr $status';
    access_log ${accessLog} probes;
    client_body_temp_path ${dir}/client-body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/market-analytics.conf;
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), main);
  // SIGQUIT lets the workers finish what they are sending; a killed master would leave them behind.
  const started = startProcess({
    name: "nginx",
    command,
    args: ["-p", dir, "-c", path.join(dir, "nginx.conf")],
    dir,
    user,
    stopSignal: "SIGQUIT",
  });
  const url = `http://${host}:${chosenPort}`;
  await waitFor("nginx", started, async () => {
    await new Promise((resolve, reject) => {
      const socket = net.connect(chosenPort, host, () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once("error", reject);
    });
  });
  return {
    url,
    pid: /** @type {number} */ (started.child.pid),
    cpuSeconds: () => processTreeCpuSeconds(/** @type {number} */ (started.child.pid)),
    /** nginx logs a request once it has sent the last byte, which may reach the client first: it waits up to a second. */
    async answeredBy(probe) {
      for (const deadline = Date.now() + 1000; ; await sleep(20)) {
        const line = readFileSync(accessLog, "utf8")
          .split("\n")
          .find((entry) => entry.startsWith(`${probe} `));
        // After a retry nginx lists every instance it tried: the last one answered.
        if (line || Date.now() > deadline) return line?.split(" ").slice(1, -1).join(" ").split(/,\s*/).pop()?.trim();
      }
    },
    output: started.output,
    stop: started.stop,
  };
}
