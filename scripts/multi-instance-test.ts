// `npm run test:multi`: several instances behind a proxy, for real. It starts PostgreSQL and Redis
// (Debian's packages, installed with apt-get when missing), the fake market upstream, two instances
// of the production build sharing DATABASE_URL, REDIS_URL and SESSION_SECRET, and nginx with the
// reference configuration (deploy/nginx/market-analytics.conf) in front. Then, over plain HTTP as a
// browser would post the forms (and as its realtime socket subscribes), it checks that the
// instances behave as one site. It prints PASS or FAIL per check, exits 1 when any fails, and
// stops and removes everything it started in any case.
//
// MULTI_BASE_PORT=5700 puts the services on consecutive ports from there (the system picks free
// ones otherwise).
import { execFile, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";
import { io as connectSocket, type Socket } from "socket.io-client";

import type { LiveClientEvents, LiveServerEvents, Tick } from "../app/market/realtime/protocol";
import { type FakeUpstream, startFakeUpstream } from "../tests/support/fake-upstreams";
import { type FakeBinance, startFakeBinance } from "../tests/support/fake-upstreams/binance";
import { freePort, projectRoot, startNodeServer } from "./lib/servers.js";
import { ensureDebianPackages, startNginx, startPostgres, startRedis } from "./lib/system-services.js";

type Instance = Awaited<ReturnType<typeof startNodeServer>>;
type Nginx = Awaited<ReturnType<typeof startNginx>>;
type Site = {
  instances: { name: string; server: Instance }[];
  nginx: Nginx;
  /** Starts instance `index` again, as systemd would after it died, on the same port and settings. */
  restart(index: number): Promise<Instance>;
  postgres: Awaited<ReturnType<typeof startPostgres>>;
  databaseUrl: string;
  redisUrl: string;
  fake: FakeUpstream;
  /** Each instance's own exchange stream, in the order of `instances`. */
  exchanges: FakeBinance[];
  dataDirs: string[];
};

const runLimitMs = 5 * 60_000;
const checkLimitMs = 60_000;
const password = "Chuva-de-Pipoca-7";
const basePort = process.env.MULTI_BASE_PORT ? Number(process.env.MULTI_BASE_PORT) : undefined;
const portAt = async (offset: number): Promise<number> => (basePort === undefined ? freePort() : basePort + offset);
const log = (message: string) => console.error(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A browser, as far as the server can tell: a cookie jar, its own client address (nginx and the
 * instances trust loopback, so X-Forwarded-For names it) and Origin on every post. Each request
 * carries a probe id, by which nginx's access log tells which instance answered it.
 */
class Visitor {
  private readonly cookies = new Map<string, string>();
  private probes = 0;

  constructor(
    readonly label: string,
    readonly address: string,
  ) {}

  get signedIn() {
    return this.cookies.has("access_token") || this.cookies.has("refresh_token");
  }

  /** `init.form` is posted as a form, `init.json` as JSON; redirects are returned, not followed. */
  async request(
    base: string,
    pathname: string,
    init: { form?: Record<string, string>; json?: unknown; anonymous?: boolean } = {},
  ): Promise<{ response: Response; probe: string }> {
    const probe = `${this.label}-${++this.probes}`;
    const headers: Record<string, string> = { "X-Forwarded-For": this.address, "X-Probe": probe, "Accept-Language": "pt-BR" };
    if (!init.anonymous && this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (init.form || init.json !== undefined) {
      headers.Origin = base;
      headers["Content-Type"] = init.form ? "application/x-www-form-urlencoded" : "application/json";
      body = init.form ? new URLSearchParams(init.form).toString() : JSON.stringify(init.json);
    }
    const method = body === undefined ? "GET" : "POST";
    const response = await fetch(base + pathname, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(20_000) }).catch(
      (error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
        throw new Error(`${method} ${base}${pathname}: ${error instanceof Error ? error.message : error}${cause}`);
      },
    );
    if (!init.anonymous) this.keepCookies(response);
    return { response, probe };
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const isRedirectTo = (response: Response, prefix: string) =>
  response.status >= 300 && response.status < 400 && (response.headers.get("Location") ?? "").startsWith(prefix);

async function signUp(visitor: Visitor, base: string, nickname: string) {
  const email = `${nickname}@multi-instance.example`;
  const { response } = await visitor.request(base, "/register", {
    form: { email, name: "Ana Souza", nickname, password, confirmPassword: password, website: "", redirectTo: "/user" },
  });
  if (!isRedirectTo(response, "/") || !visitor.signedIn) {
    throw new Error(`signing up ${email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  await response.body?.cancel();
  return email;
}

/** The /user page for this visitor: true when it shows the account (not a redirect to /login). */
async function seesOwnAccount(visitor: Visitor, base: string, email: string) {
  const { response, probe } = await visitor.request(base, "/user");
  const page = await response.text();
  return { ok: response.status === 200 && page.includes(email), status: response.status, probe };
}

// ——— The checks ———————————————————————————————————————————————————————————————————————————————

async function signUpThenContinueElsewhere({ instances, nginx }: Site) {
  const [a, b] = instances;
  if (!a || !b) throw new Error("two instances are needed");
  const visitor = new Visitor("continue", "203.0.113.11");
  const nickname = `ana_${randomBytes(3).toString("hex")}`;
  const email = await signUp(visitor, a.server.url, nickname);
  const other = await seesOwnAccount(visitor, b.server.url, email);
  if (!other.ok) throw new Error(`signed up on ${a.name}; ${b.name} answered /user with ${other.status} instead of the account`);
  const answeredBy = new Map<string, number>();
  for (let round = 0; round < 6; round++) {
    const seen = await seesOwnAccount(visitor, nginx.url, email);
    if (!seen.ok) throw new Error(`through nginx, /user answered ${seen.status} instead of the account (request ${round + 1})`);
    const instance = instanceNamed(instances, await nginx.answeredBy(seen.probe));
    answeredBy.set(instance, (answeredBy.get(instance) ?? 0) + 1);
  }
  if (answeredBy.size < 2) throw new Error(`nginx sent every /user request to ${[...answeredBy.keys()].join(", ")}`);
  const spread = [...answeredBy].map(([name, count]) => `${name} ${count}`).join(", ");
  return `signed up on ${a.name}, signed in on ${b.name}; 6 × /user through nginx signed in (${spread})`;
}

function instanceNamed(instances: Site["instances"], address: string | undefined) {
  return instances.find(({ server }) => server.url.endsWith(`//${address}`))?.name ?? `unknown (${address ?? "not logged"})`;
}

/** Wrong passwords for one address until a 429: the attempt that got it, or null within `maxAttempts`. */
async function attemptsUntilRefused(visitor: Visitor, bases: string[], email: string, maxAttempts = 40) {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const base = bases[(attempt - 1) % bases.length] as string;
    const { response } = await visitor.request(base, "/login", { form: { email, password: `Errada-${attempt}!`, redirectTo: "/" } });
    await response.body?.cancel();
    if (response.status === 429) return attempt;
    if (response.status >= 500) throw new Error(`sign-in attempt ${attempt} answered ${response.status}`);
  }
  return null;
}

async function failedSignInsCountedTogether({ instances: [a, b], nginx }: Site) {
  if (!a || !b) throw new Error("two instances are needed");
  const series = [
    { label: `${a.name} alone`, bases: [a.server.url] },
    { label: `${a.name} and ${b.name} in turn`, bases: [a.server.url, b.server.url] },
    { label: "through nginx", bases: [nginx.url] },
  ];
  const results: string[] = [];
  let first: number | null | undefined;
  for (const [index, { label, bases }] of series.entries()) {
    // Each series is a new account at a new address: no count carries over from the one before.
    const visitor = new Visitor(`signin-${index}`, `198.51.100.${20 + index}`);
    const refusedAt = await attemptsUntilRefused(visitor, bases, `nobody-${index}-${randomUUID().slice(0, 8)}@multi-instance.example`);
    results.push(`${label}: ${refusedAt === null ? "never" : `attempt ${refusedAt}`}`);
    first ??= refusedAt;
    if (refusedAt === null || refusedAt !== first) throw new Error(`429 came at different attempts: ${results.join("; ")}`);
  }
  return `429 at the same attempt: ${results.join("; ")}`;
}

const requestKey = ({ path: upstreamPath, query }: { path: string; query: Record<string, string> }) =>
  `${upstreamPath}?${new URLSearchParams(Object.entries(query).sort(([x], [y]) => x.localeCompare(y)))}`;

async function oneUpstreamCallPerKey({ instances, fake }: Site) {
  const before = fake.requests().length;
  // Pages nobody asked for yet, so the market cache is cold for them on every instance.
  const pages = ["/cryptos/ethereum", "/cryptos/bitcoin"];
  const visitor = new Visitor("cache", "203.0.113.31");
  const answers = await Promise.all(
    pages.flatMap((page) =>
      instances.flatMap(({ server }) =>
        [1, 2, 3].map(async () => {
          const { response } = await visitor.request(server.url, page, { anonymous: true });
          await response.body?.cancel();
          return `${page} ${response.status}`;
        }),
      ),
    ),
  );
  const failed = answers.filter((answer) => !answer.endsWith(" 200"));
  if (failed.length > 0) throw new Error(`pages answered: ${failed.join(", ")}`);
  const asked = new Map<string, number>();
  for (const entry of fake.requests().slice(before)) asked.set(requestKey(entry), (asked.get(requestKey(entry)) ?? 0) + 1);
  if (asked.size === 0) throw new Error("no upstream call at all: the cache was not cold, nothing was proven");
  const repeated = [...asked].filter(([, times]) => times > 1);
  if (repeated.length > 0) {
    throw new Error(`asked more than once: ${repeated.map(([key, times]) => `${key} × ${times}`).join(", ")}`);
  }
  return `${answers.length} concurrent page requests on ${instances.length} instances; ${asked.size} upstream keys, each asked once`;
}

/** `npm run admin`, as an operator would; asynchronously, so keep-alive connections are not left stale meanwhile. */
async function grantAdministrator(email: string, site: Site) {
  const env = { PATH: process.env.PATH ?? "", DATABASE_URL: site.databaseUrl, DATA_DIR: site.dataDirs[0] };
  await promisify(execFile)("npm", ["run", "--silent", "admin", "--", "grant", email], { cwd: projectRoot, env }).catch(
    (error: { stderr?: string; stdout?: string; message: string }) => {
      throw new Error(`npm run admin -- grant ${email} failed: ${error.stderr || error.stdout || error.message}`);
    },
  );
}

/** Polls `page` anonymously on every instance until it includes `text`: ms it took, per instance. */
async function untilEveryInstanceShows(instances: Site["instances"], page: string, text: string, limitMs: number) {
  const visitor = new Visitor("reader", "203.0.113.42");
  const started = Date.now();
  const waited = new Map<string, number>();
  while (waited.size < instances.length && Date.now() - started < limitMs) {
    for (const { name, server } of instances) {
      if (waited.has(name)) continue;
      const { response } = await visitor.request(server.url, page, { anonymous: true });
      if ((await response.text()).includes(text)) waited.set(name, Date.now() - started);
    }
    if (waited.size < instances.length) await sleep(50);
  }
  return waited;
}

async function releaseNoteEverywhere(site: Site) {
  const { instances } = site;
  const [a] = instances;
  if (!a) throw new Error("no instance");
  const admin = new Visitor("admin", "203.0.113.41");
  const email = await signUp(admin, a.server.url, `admin_${randomBytes(3).toString("hex")}`);
  await grantAdministrator(email, site);
  // Every instance keeps /release-notes as it is now: the pages the note must replace.
  const reader = new Visitor("reader-warm", "203.0.113.43");
  for (let round = 0; round < 2; round++) {
    for (const { server } of instances) {
      const { response } = await reader.request(server.url, "/release-notes", { anonymous: true });
      await response.body?.cancel();
    }
  }
  const title = `Novidade ${randomBytes(4).toString("hex")}`;
  const { response } = await admin.request(a.server.url, "/admin/release-notes/new", {
    form: { title, author: "Ana Souza", contact: email, body: "Duas instâncias, uma só página de novidades.", status: "published" },
  });
  await response.body?.cancel();
  if (!isRedirectTo(response, "/admin/release-notes")) {
    throw new Error(`publishing on ${a.name} answered ${response.status} ${response.headers.get("Location") ?? ""}`);
  }
  const limitMs = 2000;
  const waited = await untilEveryInstanceShows(instances, "/release-notes", title, limitMs);
  const stale = instances.filter(({ name }) => !waited.has(name)).map(({ name }) => name);
  if (stale.length > 0)
    throw new Error(`${stale.join(", ")} still served the kept /release-notes ${limitMs} ms after the note was published`);
  return `published on ${a.name}; /release-notes showed it on ${[...waited].map(([name, ms]) => `${name} after ${ms} ms`).join(", ")}`;
}

type StreamRead = { status: number; type: string; contents: number; ended: boolean; spreadMs: number; reads: number };

/** Posts a question to /chat/stream and reads the events as they arrive, noting when. */
async function streamChat(visitor: Visitor, base: string): Promise<StreamRead & { probe: string }> {
  const { response, probe } = await visitor.request(base, "/chat/stream", {
    json: { prompt: "O que é uma ação?", sessionId: randomUUID(), lastUserMessage: null, lastBotMessage: null },
  });
  const read: StreamRead = {
    status: response.status,
    type: response.headers.get("Content-Type") ?? "",
    contents: 0,
    ended: false,
    spreadMs: 0,
    reads: 0,
  };
  if (!response.body || response.status !== 200) return { ...read, probe };
  const decoder = new TextDecoder();
  let buffered = "";
  let firstContentAt: number | undefined;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    read.reads++;
    buffered += decoder.decode(chunk.value, { stream: true });
    const events = buffered.split("\n\n");
    buffered = events.pop() ?? "";
    for (const event of events) {
      if (event.startsWith("event: content\n")) {
        read.contents++;
        firstContentAt ??= Date.now();
        read.spreadMs = Date.now() - firstContentAt;
      }
      if (event.startsWith("event: content_end\n")) read.ended = true;
    }
  }

  return { ...read, probe };
}

async function chatStreamsFromEither(site: Site, visitor: Visitor) {
  const streamed = new Map<string, StreamRead>();
  for (let attempt = 0; attempt < 6 && streamed.size < site.instances.length; attempt++) {
    const read = await streamChat(visitor, site.nginx.url);
    const instance = instanceNamed(site.instances, await site.nginx.answeredBy(read.probe));
    if (read.status !== 200 || !read.type.startsWith("text/event-stream")) {
      throw new Error(`${instance} answered /chat/stream with ${read.status} ${read.type}`);
    }
    // Buffered by the proxy, the events would arrive in one piece at the end.
    if (!read.ended || read.contents < 3 || read.reads < 3 || read.spreadMs < 50) {
      throw new Error(`${instance}: the reply did not stream (${JSON.stringify(read)})`);
    }
    streamed.set(instance, read);
  }
  if (streamed.size < site.instances.length) throw new Error(`only ${[...streamed.keys()].join(", ")} answered the chat`);
  return [...streamed].map(([name, read]) => `${name}: ${read.contents} pieces over ${read.spreadMs} ms in ${read.reads} reads`).join("; ");
}

async function signedInVisitor(site: Site, label: string, address: string) {
  const visitor = new Visitor(label, address);
  const email = await signUp(visitor, site.nginx.url, `${label}_${randomBytes(3).toString("hex")}`);
  return { visitor, email };
}

/**
 * Signed-in pages are kept per session on each instance: a favourite added through one instance
 * shows at once on the page the other instance kept, since the write outdates them through Redis.
 */
async function keptPersonalPagesFollowWrites(site: Site) {
  const [a, b] = site.instances;
  if (!a || !b) throw new Error("two instances are needed");
  const { visitor } = await signedInVisitor(site, "kept", "203.0.113.71");
  const favoritesPage = async (base: string) => {
    const { response } = await visitor.request(base, "/user/favorite-items");
    if (response.status !== 200) throw new Error(`/user/favorite-items on ${base} answered ${response.status}`);
    return { page: await response.text(), etag: response.headers.get("ETag") };
  };
  // The first view renders (and consumes the welcome message); the next two are kept and served again.
  await favoritesPage(b.server.url);
  const kept = await favoritesPage(b.server.url);
  const again = await favoritesPage(b.server.url);
  if (!kept.etag || kept.etag !== again.etag)
    throw new Error(`${b.name} did not keep the signed-in page (ETag ${kept.etag}, then ${again.etag})`);
  if (kept.page.includes("/stocks/VALE3")) throw new Error("the new account already lists VALE3");
  const { response } = await visitor.request(a.server.url, "/favorites", {
    form: { assetType: "stock", assetId: "VALE3", intent: "add", redirectTo: "/user/favorite-items" },
  });
  await response.body?.cancel();
  if (!isRedirectTo(response, "/user/favorite-items")) throw new Error(`adding VALE3 on ${a.name} answered ${response.status}`);
  // The add's message shows on the next page, on A (as in another tab): B's next view carries no cookie that would bypass the kept page.
  await (await visitor.request(a.server.url, "/")).response.text();
  const after = await favoritesPage(b.server.url);
  if (!after.page.includes("/stocks/VALE3")) throw new Error(`${b.name} served its kept page without the favourite added on ${a.name}`);
  return `${b.name} kept the favourites page, then showed the favourite added on ${a.name} on the next view`;
}

async function chatStreams(site: Site) {
  const { visitor } = await signedInVisitor(site, "chat", "203.0.113.51");
  return chatStreamsFromEither(site, visitor);
}

async function favoritesOf(databaseUrl: string, email: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ asset_id: string }>(
      "select f.asset_id from favorites f join users u on u.id = f.user_id where u.email = $1",
      [email],
    );
    return new Set(rows.map((row) => row.asset_id));
  } finally {
    await client.end();
  }
}

async function killOneInstance(site: Site) {
  const [survivor, victim] = site.instances;
  if (!survivor || !victim) throw new Error("two instances are needed");
  const { visitor, email } = await signedInVisitor(site, "kill", "203.0.113.61");
  const tickers = (JSON.parse(readFileSync(path.join(projectRoot, "app/market/data/stocks.json"), "utf8")) as { ticker: string }[])
    .map((stock) => stock.ticker)
    .slice(0, 60);
  const acknowledged: string[] = [];
  const refused: string[] = [];
  let next = 0;
  let killedAt: number | undefined;
  let adding = true;
  const killed = (async () => {
    while (adding && acknowledged.length < 15) await sleep(10);
    if (!adding) return;
    killedAt = acknowledged.length;
    await victim.server.kill("SIGKILL");
  })();
  // Three browsers' worth of clicks at once, so some are in flight at the instance when it dies.
  await Promise.all(
    [1, 2, 3].map(async () => {
      for (let ticker = tickers[next++]; ticker !== undefined; ticker = tickers[next++]) {
        try {
          const { response } = await visitor.request(site.nginx.url, "/favorites", {
            form: { assetType: "stock", assetId: ticker, intent: "add", redirectTo: "/user/favorite-items" },
          });
          await response.body?.cancel();
          if (response.ok || isRedirectTo(response, "/user/favorite-items")) acknowledged.push(ticker);
          else
            refused.push(
              `${ticker} (${response.status}${response.headers.has("Location") ? ` → ${response.headers.get("Location")}` : ""})`,
            );
        } catch (error) {
          refused.push(`${ticker} (${error instanceof Error ? error.message : error})`);
        }
      }
    }),
  );
  adding = false;
  await killed;
  if (killedAt === undefined) {
    throw new Error(
      `only ${acknowledged.length} of ${tickers.length} adds were acknowledged, ${victim.name} was not killed; refused: ${refused.slice(0, 5).join(", ")}`,
    );
  }
  const stored = await favoritesOf(site.databaseUrl, email);
  const lost = acknowledged.filter((ticker) => !stored.has(ticker));
  if (lost.length > 0) throw new Error(`acknowledged, then lost: ${lost.join(", ")}`);
  if (acknowledged.length <= killedAt) throw new Error(`no add was acknowledged after ${victim.name} died`);
  for (let round = 0; round < 4; round++) {
    const seen = await seesOwnAccount(visitor, site.nginx.url, email);
    if (!seen.ok) throw new Error(`after ${victim.name} died, /user through nginx answered ${seen.status} (request ${round + 1})`);
  }
  const unacknowledged = refused.length > 0 ? `; not acknowledged: ${refused.join(", ")}` : "";
  return (
    `${victim.name} killed after ${killedAt} acknowledged adds; ${acknowledged.length} of ${tickers.length} acknowledged, ` +
    `all stored${unacknowledged}; the user continues on ${survivor.name} through nginx`
  );
}

type LiveSocket = Socket<LiveServerEvents, LiveClientEvents>;

/** A browser's realtime socket on `base`, watching `key`: resolves with a wait for a tick at `price`. */
async function watchLive(base: string, key: string, transports: ("polling" | "websocket")[]) {
  const socket: LiveSocket = connectSocket(base, { transports, reconnection: false, timeout: 10_000 });
  const ticks: Tick[] = [];
  socket.on("ticks", (received) => ticks.push(...received));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  await socket.timeout(10_000).emitWithAck("subscribe", [key]);
  const startedAt = Date.now();
  return {
    socket,
    transport: () => socket.io.engine.transport.name,
    async tickAt(price: number, limitMs: number) {
      while (Date.now() - startedAt < limitMs) {
        if (ticks.some((tick) => tick.key === key && tick.price === price)) return Date.now();
        await sleep(10);
      }
      throw new Error(`no tick at ${price} within ${limitMs} ms (got ${ticks.map((tick) => tick.price).join(", ") || "none"})`);
    },
  };
}

async function tickReachesEveryInstance({ instances, nginx, exchanges }: Site) {
  const [a, b] = instances;
  const [exchangeOfA] = exchanges;
  if (!a || !b || !exchangeOfA) throw new Error("two instances are needed");
  const key = "crypto:bitcoin:usd";
  // A browser on each instance and one through nginx; only A's exchange will speak.
  const watchers = [
    { where: `${a.name}`, watcher: await watchLive(a.server.url, key, ["websocket"]) },
    { where: `${b.name}`, watcher: await watchLive(b.server.url, key, ["websocket"]) },
    { where: "nginx", watcher: await watchLive(nginx.url, key, ["polling", "websocket"]) },
  ];
  try {
    await exchangeOfA.until(() => exchangeOfA.current()?.streams.has("btcusdt@miniTicker"), `${a.name} subscribing to BTCUSDT`, 20_000);
    const price = Number((90_000 + Math.random() * 1000).toFixed(2));
    const sentAt = Date.now();
    exchangeOfA.miniTicker("btcusdt", { c: String(price), o: "89000.00", E: sentAt });
    const arrivals = await Promise.all(
      watchers.map(
        async ({ where, watcher }) => `${where} after ${(await watcher.tickAt(price, 10_000)) - sentAt} ms (${watcher.transport()})`,
      ),
    );
    return `a tick from ${a.name}'s exchange reached ${arrivals.join(", ")}`;
  } finally {
    for (const { watcher } of watchers) watcher.socket.disconnect();
  }
}

/**
 * PostgreSQL stopped under a signed-in user: a form post answers the translated error page (not
 * React Router's bare English text), the home page still serves visitors from what it last read,
 * sign-out still clears the cookies, and once PostgreSQL is back the instances serve again by themselves.
 */
const outageMs = 20_000;

async function databaseOutage(site: Site) {
  const { visitor, email } = await signedInVisitor(site, "outage", "203.0.113.81");
  // Each instance has read the home page's database sections once (a site that has been serving).
  for (const { server } of site.instances) await (await fetch(`${server.url}/`)).text();
  const visitorHome = () => new Visitor("outage-visitor", "203.0.113.82").request(site.nginx.url, `/?tpage=${Date.now() % 7}`);
  await site.postgres.down();
  const outage = Date.now();
  try {
    const { response: post } = await visitor.request(site.nginx.url, "/favorites", {
      form: { assetType: "stock", assetId: "PETR4", intent: "add", redirectTo: "/user/favorite-items" },
    });
    const page = await post.text();
    if (post.status < 500 || !/text\/html/.test(post.headers.get("Content-Type") ?? "") || !page.includes("Erro Interno do Servidor")) {
      throw new Error(
        `a favourite posted while PostgreSQL was down answered ${post.status} ${post.headers.get("Content-Type")}: ${page.slice(0, 200)}`,
      );
    }
    for (let round = 0; round < 2; round++) {
      const { response: home } = await visitorHome();
      if (home.status !== 200) throw new Error(`the home page answered ${home.status} to a visitor while PostgreSQL was down`);
      await home.body?.cancel();
    }
    // As long as the issue's outage: visitors keep getting the home page from both instances.
    while (Date.now() - outage < outageMs) {
      const { response: home } = await visitorHome();
      if (home.status !== 200)
        throw new Error(`the home page answered ${home.status} ${Math.round((Date.now() - outage) / 1000)} s into the outage`);
      await home.body?.cancel();
      await sleep(2000);
    }
    const { response: signOut } = await visitor.request(site.nginx.url, "/logout", { form: {} });
    await signOut.body?.cancel();
    if (!isRedirectTo(signOut, "/login") || visitor.signedIn) {
      throw new Error(
        `signing out while PostgreSQL was down answered ${signOut.status} and ${visitor.signedIn ? "kept" : "cleared"} the cookies`,
      );
    }
  } finally {
    await site.postgres.up();
  }
  const down = Date.now() - outage;
  for (const deadline = Date.now() + 30_000; ; await sleep(250)) {
    const { response } = await visitor.request(site.nginx.url, "/login", { form: { email, password, redirectTo: "/user" } });
    await response.body?.cancel();
    if (isRedirectTo(response, "/user")) break;
    if (Date.now() > deadline) throw new Error(`signing in again after PostgreSQL came back answered ${response.status}`);
  }
  if (!(await seesOwnAccount(visitor, site.nginx.url, email)).ok) throw new Error("the account page did not come back after the outage");
  return `PostgreSQL down ${Math.round(down / 1000)} s: the post got the translated error page, visitors the home page, sign-out cleared the cookies; signed in again once it was back`;
}

/** `count` browsers behind one address opening the realtime socket through nginx: the instance each landed on. */
async function socketsThroughNginx({ nginx }: Site, count: number) {
  const landed: string[] = [];
  for (let index = 0; index < count; index++) {
    const probe = `socket-${randomUUID()}`;
    const socket: LiveSocket = connectSocket(nginx.url, {
      transports: ["polling"],
      reconnection: false,
      timeout: 10_000,
      query: { affinity: Math.random().toString(36).slice(2) },
      extraHeaders: { "X-Probe": probe },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      // A round trip over polling after the handshake: the session must be on the instance that made it.
      await socket.timeout(10_000).emitWithAck("subscribe", ["crypto:bitcoin:usd"]);
      landed.push((await nginx.answeredBy(probe)) ?? "unknown");
    } finally {
      socket.disconnect();
    }
  }
  return landed;
}

const spreadOf = (site: Site, landed: string[]) =>
  site.instances.map(({ name, server }) => `${name} ${landed.filter((address) => address === new URL(server.url).host).length}`).join(", ");

async function socketsSpreadAndReturn(site: Site) {
  const [a, b] = site.instances;
  if (!a || !b) throw new Error("two instances are needed");
  const hosts = site.instances.map(({ server }) => new URL(server.url).host);
  const before = await socketsThroughNginx(site, 12);
  if (!hosts.every((host) => before.includes(host)))
    throw new Error(`12 sockets from one address all went to one instance: ${spreadOf(site, before)}`);
  await b.server.stop();
  const restarted = await site.restart(1);
  // nginx leaves a failed instance alone for its fail_timeout (10 s) before trying it again.
  for (const deadline = Date.now() + 25_000; ; await sleep(1000)) {
    const after = await socketsThroughNginx(site, 8);
    if (after.includes(new URL(restarted.url).host))
      return `one address's sockets spread (${spreadOf(site, before)}); after ${b.name} restarted it took new ones again (${spreadOf(site, after)})`;
    if (Date.now() > deadline) throw new Error(`${b.name}, restarted, took no new socket: ${spreadOf(site, after)}`);
  }
}

// ——— The run ——————————————————————————————————————————————————————————————————————————————————

const checks: { title: string; run: (site: Site) => Promise<string> }[] = [
  { title: "sign up on one instance, continue signed in on the other", run: signUpThenContinueElsewhere },
  { title: "failed sign-ins counted across instances", run: failedSignInsCountedTogether },
  { title: "instances ask the upstream once per key", run: oneUpstreamCallPerKey },
  { title: "a published release note shows on every instance at once", run: releaseNoteEverywhere },
  { title: "the chat streams whichever instance answers", run: chatStreams },
  { title: "a signed-in page kept on one instance follows a write on the other", run: keptPersonalPagesFollowWrites },
  { title: "a live tick made on one instance reaches browsers on the other and through nginx", run: tickReachesEveryInstance },
  { title: "sockets from one address spread over the instances, and a restarted instance takes new ones", run: socketsSpreadAndReturn },
  { title: "PostgreSQL down: translated error pages, the home page, sign-out; back by itself", run: databaseOutage },
  { title: "an instance killed mid-run loses no acknowledged write", run: killOneInstance },
];

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => log(`cleanup: ${error instanceof Error ? error.message : error}`));
  }
}

function withLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for every start; whatever did start is stopped by the cleanup even when another failed. */
async function allStarted<const T extends readonly Promise<{ stop(): Promise<unknown> }>[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(starts);
  for (const result of results) if (result.status === "fulfilled") cleanups.push(() => result.value.stop());
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

function buildIfStale() {
  const built = spawnSync(process.execPath, [path.join(projectRoot, "scripts/build.js"), "--if-stale"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("the production build failed");
}

async function startSite(): Promise<Site> {
  ensureDebianPackages(["postgres", "redis-server", "nginx"], log);
  buildIfStale();
  log("Starting PostgreSQL, Redis and the fake upstream…");
  const fake = await startFakeUpstream();
  cleanups.push(fake.close);
  const exchanges = [await startFakeBinance(), await startFakeBinance()];
  for (const exchange of exchanges) cleanups.push(exchange.close);
  const [postgres, redis] = await allStarted([startPostgres({ port: await portAt(0) }), startRedis({ port: await portAt(1) })]);
  const sessionSecret = randomBytes(48).toString("base64url");
  // nginx's address is the instances' public one: chosen before any of them starts.
  const nginxPort = await portAt(2);
  const ports = [await portAt(3), await portAt(4)];
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), "market-analytics-multi-")));
  cleanups.push(async () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  log("Starting two instances at once (both migrate the same database)…");
  const startInstance = (index: number) =>
    startNodeServer({
      name: `instance ${"AB"[index]}`,
      script: "server.js",
      port: ports[index],
      readyPath: "/healthz",
      // Both load and migrate at once on a machine that may be busy with other work.
      startTimeoutMs: 90_000,
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDirs[index],
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        SESSION_SECRET: sessionSecret,
        TRUST_PROXY: "loopback",
        CRYPTO_PROVIDER: "coingecko",
        COINGECKO_BASE_URL: `${fake.url}/coingecko`,
        BINANCE_STREAM_URL: exchanges[index]?.url,
        ASSISTANT_PROVIDER: "offline",
      },
    });
  const servers = await allStarted(ports.map((_port, index) => startInstance(index)));
  const instances = servers.map((server, index) => ({ name: `instance ${"AB"[index]}`, server }));
  const nginx = await startNginx({ upstreams: servers.map((server) => new URL(server.url).host), port: nginxPort });
  cleanups.push(nginx.stop);
  log(`nginx ${nginx.url} in front of ${instances.map(({ name, server }) => `${name} ${server.url}`).join(", ")}\n`);
  const restart = async (index: number) => {
    const server = await startInstance(index);
    cleanups.push(() => server.stop());
    const instance = instances[index];
    if (instance) instance.server = server;
    return server;
  };
  return { instances, nginx, restart, postgres, databaseUrl: postgres.url, redisUrl: redis.url, fake, exchanges, dataDirs };
}

async function main() {
  let failures = 0;
  const report = (passed: boolean, title: string, detail: string) => {
    if (!passed) failures++;
    console.log(`${passed ? "PASS" : "FAIL"}  ${title}\n      ${detail.replaceAll("\n", "\n      ")}`);
  };
  let site: Site;
  try {
    site = await startSite();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    report(false, "start PostgreSQL, Redis, two instances and nginx", reason);
    for (const { title } of checks) report(false, title, "not run: the site did not start");
    return 1;
  }
  for (const { title, run } of checks) {
    try {
      report(true, title, await withLimit(run(site), checkLimitMs, title));
    } catch (error) {
      report(false, title, error instanceof Error ? error.message : String(error));
    }
  }
  for (const { name, server } of site.instances) {
    const errors = server.errors().trim();
    if (failures > 0 && errors) log(`\n${name} wrote to standard error:\n${errors}`);
  }
  console.log(failures === 0 ? `\nAll ${checks.length} checks passed.` : `\n${failures} check(s) failed.`);
  return failures === 0 ? 0 : 1;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}
const startedAt = Date.now();
const code = await withLimit(main(), runLimitMs, "the whole run").catch((error: unknown) => {
  console.log(`FAIL  ${error instanceof Error ? error.message : error}`);
  return 1;
});
await cleanUp();
log(`Finished in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
process.exit(code);
