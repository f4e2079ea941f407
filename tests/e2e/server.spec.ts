/**
 * Issue 14: a server that behaves like one. It starts from any working directory, says plainly
 * when its port is taken, stops gracefully on SIGTERM (also through `npm start`), sends HSTS when
 * served over https, and `npm run db:backup` copies its live database into one that restores.
 *
 * Requests only, each test with its own instance of the built app: it runs in the js-on project.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { staleReason } from "../../scripts/lib/build-state.js";
import { type AppServer, freePort, signUp, startAppServer } from "../support/app-server";
import { fakeLlmKeys, type FakeLlmServer, startFakeLlmServer } from "../support/fake-llm-server";

const repositoryRoot = path.resolve(import.meta.dirname, "../..");
const temporaryDir = () => mkdtempSync(path.join(tmpdir(), "market-analytics-server-"));

/** Starts a command with exactly `env` (plus PATH and HOME): everything it prints is kept, `exit` resolves with its exit code. */
function run(command: string, args: string[], { cwd = repositoryRoot, env }: { cwd?: string; env: Record<string, string> }) {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exit, output: () => output };
}

/** Whether a new connection to `url` is refused. */
function refusesConnections(url: string) {
  return fetch(`${url}/healthz`).then(
    () => false,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code === "ECONNREFUSED",
  );
}

/** Posts a question to the assistant; resolves once the event stream has started. */
async function startReply(app: AppServer, cookie: string) {
  const response = await fetch(`${app.url}/chat/stream`, {
    method: "POST",
    headers: { Origin: app.url, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      prompt: "how is the market today?",
      sessionId: crypto.randomUUID(),
      lastUserMessage: null,
      lastBotMessage: null,
    }),
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  while (!received.includes("event: content")) {
    const { value, done } = await reader.read();
    if (done) break;
    received += decoder.decode(value, { stream: true });
  }
  /** The rest of the stream, as text: what arrived until the server ended it (or cut it). */
  async function rest() {
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) received += decoder.decode(next.value, { stream: true });
    } catch {
      // Cut: what arrived until then is the answer.
    }
    return received;
  }
  return { rest };
}

test.describe("a server that behaves like one", () => {
  // Each test starts a server or two: on a busy machine loading the build alone takes many seconds.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js-on", "requests only: one run is enough");
  });

  let app: AppServer | undefined;
  let llm: FakeLlmServer | undefined;
  const cleanups: (() => unknown)[] = [];

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
    await app?.stop();
    await llm?.close();
    for (const cleanup of cleanups.splice(0)) await cleanup();
    app = llm = undefined;
  });

  test("starts from another working directory: build, migrations and assets are found from the app's own", async () => {
    app = await startAppServer({ cwd: "/" });
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('class="site-header"');
    const asset = /"(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await fetch(`${app.url}${asset}`)).status).toBe(200);
    const db = app.openDatabase();
    expect(db.prepare("select count(*) from __drizzle_migrations").pluck().get()).toBeGreaterThan(0);
    db.close();
  });

  test("a taken port: one line saying so, and exit code 1", async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
    const dataDir = temporaryDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const server = run(process.execPath, ["server.js"], { env: { HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir } });
    expect(await server.exit).toBe(1);
    // Lines are JSON; a new data directory's migrations are logged first.
    const lines = server
      .output()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter(({ msg }) => !msg.includes("database migration applied"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: `port ${port} is in use; set PORT to a free port` });
  });

  test("SIGTERM: the open event stream finishes, idle connections close, no new one is accepted, the database is closed, exit 0", async () => {
    llm = await startFakeLlmServer();
    const reply = "Stocks and cryptocurrencies moved little today while investors waited for the central bank's decision.";
    llm.setReply(reply);
    llm.setChunkDelay(100);
    app = await startAppServer({
      env: { GEMINI_API_KEY: fakeLlmKeys.gemini, GEMINI_BASE_URL: `${llm.url}/gemini`, SHUTDOWN_TIMEOUT_MS: "30000" },
    });
    const cookie = await signUp(app, "shutdown_stream");

    // A kept-alive connection, idle once its answer is read: it must not hold the stop.
    const agent = new Agent({ keepAlive: true });
    const idle = await new Promise<Socket>((resolve, reject) => {
      const request = httpRequest(`${app!.url}/healthz`, { agent }, (response) => {
        response.resume();
        response.once("end", () => resolve(request.socket!));
      });
      request.once("error", reject).end();
    });
    const idleClosed = new Promise((resolve) => idle.once("close", resolve));

    const stream = await startReply(app, cookie);
    const started = Date.now();
    const exit = app.terminate("SIGTERM");
    await expect.poll(() => app!.output()).toContain("SIGTERM: finishing open requests");
    expect(await refusesConnections(app.url)).toBe(true);
    await idleClosed;

    const events = await stream.rest();
    expect(events).toContain("event: content_end");
    expect(events).toContain("decision.");
    expect(await exit).toBe(0);
    // Well before SHUTDOWN_TIMEOUT_MS: nothing but the stream held the stop.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(app.output()).toContain("stopped");
    // The last connection to close checkpoints the WAL into the database and removes it.
    expect(existsSync(`${app.databasePath}-wal`)).toBe(false);
  });

  test("SIGTERM: a stream that does not end gets the error event after SHUTDOWN_TIMEOUT_MS; the server writes what it kept in memory and exits 0", async () => {
    llm = await startFakeLlmServer();
    llm.setMode("gemini", "hang");
    app = await startAppServer({
      env: {
        GEMINI_API_KEY: fakeLlmKeys.gemini,
        GEMINI_BASE_URL: `${llm.url}/gemini`,
        ASSISTANT_TIMEOUT_MS: "60000",
        SHUTDOWN_TIMEOUT_MS: "1000",
      },
    });
    const cookie = await signUp(app, "shutdown_hang");
    const response = await fetch(`${app.url}/chat/stream`, {
      method: "POST",
      headers: { Origin: app.url, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        prompt: "how is the market today?",
        sessionId: crypto.randomUUID(),
        lastUserMessage: null,
        lastBotMessage: null,
      }),
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const read = response.text().catch(() => "cut without an error event");
    // Counted in memory, written together every 2 s: the stop comes sooner.
    expect((await fetch(`${app.url}/cryptos/bitcoin`)).status).toBe(200);

    const started = Date.now();
    expect(await app.terminate("SIGTERM")).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1000);
    // Far from the model's own 60 s: the stop cut the stream.
    expect(took).toBeLessThan(15_000);
    // The reply ends itself, in the visitor's language, so the browser can offer to ask again.
    const events = await read;
    expect(events).toContain("event: error");
    expect(events).toContain("A resposta foi interrompida porque o servidor está reiniciando.");
    const db = app.openDatabase();
    expect(db.prepare("select sum(views) from crypto_views where crypto_id = 'bitcoin'").pluck().get()).toBe(1);
    db.close();
  });

  test("SIGTERM: a reply still streaming at SHUTDOWN_TIMEOUT_MS keeps what was shown and ends with the error event", async () => {
    llm = await startFakeLlmServer();
    llm.setReply(Array.from({ length: 40 }, (_, index) => `Parte ${index} da resposta.`).join(" "));
    llm.setChunkDelay(250);
    app = await startAppServer({
      env: { GEMINI_API_KEY: fakeLlmKeys.gemini, GEMINI_BASE_URL: `${llm.url}/gemini`, SHUTDOWN_TIMEOUT_MS: "1500" },
    });
    const cookie = await signUp(app, "shutdown_partial");
    const stream = await startReply(app, cookie);
    expect(await app.terminate("SIGTERM")).toBe(0);
    const events = await stream.rest();
    expect(events).toContain("event: error");
    expect(events).not.toContain("event: content_end");
    const db = app.openDatabase();
    const stored = db.prepare("select text from chat_messages where sender = 'ai'").pluck().all() as string[];
    db.close();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^Parte 0 da resposta\./);
    expect(stored[0]).not.toContain("Parte 39");
  });

  test("npm start: no build when the build is current (whatever npm install touched), and SIGTERM to npm stops the server", async () => {
    const stale = staleReason(repositoryRoot);
    expect(stale, `npm start would build first (${stale}): run npm run build`).toBeUndefined();
    // As `npm install` leaves it: the lockfile rewritten, its content the same.
    const now = new Date();
    utimesSync(path.join(repositoryRoot, "package-lock.json"), now, now);
    const port = await freePort();
    const dataDir = temporaryDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const npm = run("npm", ["start"], { env: { HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir } });
    cleanups.push(() => npm.child.kill("SIGKILL"));
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(npm.output, { timeout: 30_000 }).toContain("Market Analytics listening");
    // The address it really listens on, not localhost.
    expect(npm.output()).toContain(`listening on ${url} (public address http://localhost:${port})`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(npm.output()).not.toContain("Building");

    // npm's own child is the server itself (the shell was replaced by it), so npm's signal reaches it.
    const { pid } = npm.child;
    const [serverPid] = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ");
    expect(readFileSync(`/proc/${serverPid}/cmdline`, "utf8")).toContain("server.js");
    npm.child.kill("SIGTERM");
    await npm.exit;
    expect(npm.output()).toContain("SIGTERM: finishing open requests");
    expect(npm.output()).toContain("stopped");
    expect(existsSync(`/proc/${serverPid}`)).toBe(false);
    expect(await refusesConnections(url)).toBe(true);
  });

  test("with an https PUBLIC_URL, pages, kept pages, assets and resource routes carry HSTS", async () => {
    app = await startAppServer({ env: { PUBLIC_URL: "https://markets.example.org" } });
    const hsts = "max-age=31536000; includeSubDomains";
    const first = await fetch(`${app.url}/news`);
    expect(first.headers.get("strict-transport-security")).toBe(hsts);
    const html = await first.text();
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // Only the page cache answers 304: this is a kept page.
    const kept = await fetch(`${app.url}/news`, { headers: { "If-None-Match": etag! } });
    expect(kept.status).toBe(304);
    expect(kept.headers.get("strict-transport-security")).toBe(hsts);
    const asset = /"(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const pathname of [asset!, "/healthz", "/favicon.svg", "/no-such-page"]) {
      const response = await fetch(`${app.url}${pathname}`);
      expect(response.headers.get("strict-transport-security"), pathname).toBe(hsts);
    }
  });

  test("npm run db:backup copies the live database; restoring it brings that state back", async () => {
    const dataDir = temporaryDir();
    const backupDir = temporaryDir();
    cleanups.push(
      () => rmSync(dataDir, { recursive: true, force: true }),
      () => rmSync(backupDir, { recursive: true, force: true }),
    );
    app = await startAppServer({ dataDir });
    await signUp(app, "before_backup");

    // From another directory, as an operator would: the relative file lands where the command was typed.
    const backup = run("npm", ["--prefix", repositoryRoot, "run", "db:backup", "--", "nightly.db"], {
      cwd: backupDir,
      env: { DATA_DIR: dataDir },
    });
    expect(await backup.exit, backup.output()).toBe(0);
    const copy = path.join(backupDir, "nightly.db");
    expect(backup.output()).toContain(`copied ${app.databasePath} to ${copy}`);
    const checked = new Database(copy, { readonly: true });
    expect(checked.pragma("integrity_check", { simple: true })).toBe("ok");
    checked.close();

    await signUp(app, "after_backup");
    await app.stop();
    // README, "Backups": with the server stopped, the copy replaces app.db and the WAL files go.
    copyFileSync(copy, app.databasePath);
    for (const own of ["-wal", "-shm"]) rmSync(`${app.databasePath}${own}`, { force: true });
    app = await startAppServer({ dataDir });
    const db = app.openDatabase();
    const nicknames = db.prepare("select nickname from users order by id").pluck().all();
    db.close();
    expect(nicknames).toEqual(["before_backup"]);
  });
});
