/**
 * Issue 14: the built app on the open internet. Request bodies are limited before the app reads
 * them, the page cache's memory holds under many distinct URLs, every answer has its own CSP
 * nonce, what each route declares about caching holds (app/route-policies.ts), and cross-site or
 * odd requests are answered cleanly.
 *
 * Requests only, against its own instance of the built app: it runs once, in the js-on project.
 */
import { Agent, type IncomingHttpHeaders, request as httpRequest } from "node:http";

import { expect, test } from "@playwright/test";

import { type AppServer, signUp, signUpPassword, startAppServer } from "../support/app-server";
import { declaredRoutes } from "../support/routes";

const cacheLimitMb = 4;

let app: AppServer;

// In order, in one worker, on one server; a failed test is retried alone, on a new server.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.skip(testInfo.project.name !== "js-on", "request-only: one run is enough");
  app = await startAppServer({ env: { PAGE_CACHE_MAX_MB: String(cacheLimitMb) } });
});

test.afterAll(async () => {
  await app?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; reusedSocket: boolean };

/**
 * One request over `agent`. A body given as pieces goes out chunked (no Content-Length), a
 * piece at a time, as a client streaming an upload would send it.
 */
function send(
  agent: Agent,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
    pieces,
  }: { method?: string; headers?: Record<string, string>; body?: string; pieces?: { size: number; count: number } } = {},
): Promise<Answer> {
  const { port, hostname } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path, method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          reusedSocket: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on("error", reject);
    if (pieces) {
      const piece = Buffer.alloc(pieces.size, "a");
      let sent = 0;
      const writeMore = () => {
        while (sent < pieces.count) {
          sent++;
          if (!outgoing.write(piece)) return void outgoing.once("drain", writeMore);
        }
        outgoing.end();
      };
      // The server may answer, and stop reading, before the upload is over.
      outgoing.on("response", () => (sent = pieces.count));
      writeMore();
    } else {
      outgoing.end(body);
    }
  });
}

const routes = declaredRoutes();
/** A page's data request, as React Router's client makes it: `/_root.data` for the home page. */
const dataTwin = (path: string) => {
  const { pathname, search } = new URL(path, "http://localhost");
  return `${pathname === "/" ? "/_root" : pathname}.data${search}`;
};
/** The example paths of every route kept for `cache`, with the data requests of those that are screens. */
const pathsOf = (...caches: string[]) =>
  routes
    .filter(({ policy }) => policy && caches.includes(policy.cache))
    .flatMap(({ examples, screen }) => (screen ? examples.flatMap((path) => [path, dataTwin(path)]) : examples));

const formHeaders = () => ({ Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

test("a body over its limit gets a translated 413 before the app reads it, and the connection serves the next request", async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const before = app.residentBytes();
  const declared = await send(agent, "/login", { method: "POST", headers: formHeaders(), body: `email=${"a".repeat(200_000)}` });
  expect(declared.status).toBe(413);
  expect(declared.body).toBe("O envio é grande demais: o máximo é 64 KB.");
  const next = await send(agent, "/healthz");
  expect(next.status).toBe(200);
  expect(next.reusedSocket).toBe(true);

  // 50 MB without a length: counted as it arrives, never held.
  const chunked = await send(agent, "/login", {
    method: "POST",
    headers: { ...formHeaders(), "Accept-Language": "en" },
    pieces: { size: 64 * 1024, count: 800 },
  });
  expect(chunked.status).toBe(413);
  expect(chunked.body).toBe("The submission is too large: the limit is 64 KB.");
  expect(app.residentBytes() - before).toBeLessThan(30 * 1024 * 1024);

  const json = await send(agent, "/auth/refresh", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": "es" },
    pieces: { size: 16 * 1024, count: 8 },
  });
  expect(json.status).toBe(413);
  expect(JSON.parse(json.body)).toMatchObject({ status: 413, message: "El envío es demasiado grande: el máximo es 64 KB." });
  expect((await send(agent, "/healthz")).reusedSocket).toBe(true);
  agent.destroy();
});

test("feedback has its own, larger limit, counted on chunked uploads too", async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cookie = await signUp(app, "feedback_limit");
  const upload = (count: number) =>
    send(agent, "/feedback", {
      method: "POST",
      headers: { Origin: app.url, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
      pieces: { size: 64 * 1024, count },
    });
  // 8 MB: refused, whatever the body says it is.
  const tooLarge = await upload(128);
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body).toBe("O envio é grande demais: o máximo é 4096 KB.");
  // 3 MB of nonsense is under the limit: the app reads it and says it is not a form.
  const underLimit = await upload(48);
  expect(underLimit.status).toBe(400);
  agent.destroy();
});

test("a field longer than its maximum is refused without being sent back", async () => {
  const agent = new Agent({ keepAlive: true });
  const long = `${"b".repeat(20_000)}@example.com`;
  for (const path of ["/login", "/login.data"]) {
    const answer = await send(agent, path, { method: "POST", headers: formHeaders(), body: form({ email: long, password: "x" }) });
    expect(answer.status).toBe(200);
    expect(answer.body.includes("b".repeat(300)), `${path} echoes the value`).toBe(false);
  }
  const page = await send(agent, "/login", { method: "POST", headers: formHeaders(), body: form({ email: long, password: "x" }) });
  expect(page.body).toContain("E-mail inválido");
  // A short invalid value is still there to correct.
  const short = await send(agent, "/login", { method: "POST", headers: formHeaders(), body: form({ email: "ana@", password: "x" }) });
  expect(short.body).toContain('value="ana@"');
  agent.destroy();
});

test("every answer of a kept page carries its own CSP nonce", async () => {
  const agent = new Agent({ keepAlive: true });
  const nonces = new Set<string>();
  for (let visit = 0; visit < 3; visit++) {
    const answer = await send(agent, "/about-us");
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const inPage = new Set([...answer.body.matchAll(/\bnonce="([^"]+)"/g)].map((match) => match[1]));
    expect([...inPage]).toEqual([nonce]);
    nonces.add(nonce!);
  }
  expect(nonces.size).toBe(3);
  agent.destroy();
});

// Known regression, to be found before this runs again: since requests reach the page cache as
// Fetch Requests (decision 0019), the server's resident memory grew 200–290 MB over this run
// instead of staying within the cap plus 64 MB. The cache's own entries stay bounded (page-cache
// unit tests); what else keeps memory per distinct URL or header is not known yet.
test("the page cache stays within its memory cap under tens of thousands of distinct URLs", async () => {
  // About 21,000 requests: under a minute on a busy two-core machine.
  test.setTimeout(120_000);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const hugeLanguages = `en-US,en;q=0.9,${Array.from({ length: 600 }, (_, index) => `x${index}-zz;q=0.1`).join(",")}`;
  // Failures are collected and checked once: an expect() per request costs more than the request.
  const failures: string[] = [];
  const load = async (count: number, path: (index: number) => string, headers: (index: number) => Record<string, string> = () => ({})) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          const index = next++;
          const answer = await send(agent, path(index), { headers: headers(index) });
          if (answer.status !== 200) failures.push(`${answer.status} ${path(index).slice(0, 80)}`);
        }
      }),
    );
  };
  // A parameter the page reads, with a long value: each one a render and an entry of several kB.
  const distinctKept = (offset: number) => (index: number) => `/news.data?page=${offset + index}${"9".repeat(2000)}`;
  // Warm up: the server reaches its working size with a full cache.
  await load(600, distinctKept(0));
  const before = app.residentBytes();
  // Parameters no page reads, with a different, huge Accept-Language each time: one entry per page.
  await load(
    20_000,
    (index) => `/${["about-us", "faq", "more"][index % 3]}.data?utm_source=${index}&${"z".repeat(500)}=${index}`,
    (index) => ({
      "Accept-Language": `${hugeLanguages},y${index}`,
    }),
  );
  // Distinct values of a parameter a page does read: kept, but never past the cap.
  await load(600, distinctKept(600));
  expect(failures.slice(0, 5)).toEqual([]);
  const grown = app.residentBytes() - before;
  console.log(`resident memory grew ${(grown / 1024 / 1024).toFixed(1)} MB`);
  // The constant is the server's own breathing room (heap left to the next collection), which
  // varies by some tens of MB from run to run; kept URLs and headers would add hundreds.
  expect(grown).toBeLessThan((cacheLimitMb + 64) * 1024 * 1024);
  agent.destroy();
});

test("private and personal routes and their data twins are never stored; public pages are kept", async () => {
  // Every example of every such route: about 120 requests, most of them rendering a page.
  test.setTimeout(120_000);
  const agent = new Agent({ keepAlive: true });
  const cookie = await signUp(app, "private_pages");
  const privatePaths = pathsOf("private", "personal");
  expect(privatePaths).toEqual(expect.arrayContaining(["/user", "/user.data", "/login/two-fa", "/admin/users", "/feedback.data"]));
  for (const path of privatePaths) {
    const answer = await send(agent, path, { headers: { Cookie: cookie } });
    expect.soft(answer.headers["cache-control"], path).toBe("private, no-store");
  }
  const publicPaths = pathsOf("public");
  expect(publicPaths).toEqual(expect.arrayContaining(["/about-us", "/_root.data", "/stocks/PETR4", "/release-notes/1.data"]));
  for (const path of publicPaths) {
    const answer = await send(agent, path);
    expect.soft(answer.headers["cache-control"], path).toBe("no-cache");
  }
  agent.destroy();
});

test("a post without Origin but from a foreign page is refused", async () => {
  const agent = new Agent({ keepAlive: true });
  const foreign = await send(agent, "/theme", {
    method: "POST",
    headers: { Referer: "https://evil.example/page", "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ theme: "light" }),
  });
  expect(foreign.status).toBe(403);
  const ours = await send(agent, "/theme", {
    method: "POST",
    headers: { Referer: `${app.url}/about-us`, "Content-Type": "application/x-www-form-urlencoded" },
    body: form({ theme: "light", redirectTo: "/about-us" }),
  });
  expect(ours.status).toBe(302);
  agent.destroy();
});

test("a sign-in returning to a non-Latin-1 path ends there, not in a 500", async () => {
  const agent = new Agent({ keepAlive: true });
  await signUp(app, "unicode_path");
  const page = await send(agent, "/login?redirectTo=/%C4%80");
  expect(page.status).toBe(200);
  const answer = await send(agent, "/login", {
    method: "POST",
    headers: formHeaders(),
    body: form({ email: "unicode_path@app-server.example", password: signUpPassword, redirectTo: "/\u0100" }),
  });
  expect(answer.status).toBe(302);
  expect(answer.headers.location).toBe("/%C4%80");
  agent.destroy();
});

const redirectProbes = ["/..//evil.example/phish", "/.//evil.example", "/%2e%2e//evil.example", "/a/..//evil.example"];
/** Where a Location header sends a browser, from this site. */
const landsOnThisSite = (location: string | undefined) =>
  location === undefined || new URL(location, app.url).origin === new URL(app.url).origin;

test("a return path that resolves off-site ends on this site, on every route that takes one", async () => {
  const agent = new Agent({ keepAlive: true });
  const cookie = await signUp(app, "redirect_probe");
  for (const target of redirectProbes) {
    const query = `redirectTo=${encodeURIComponent(target)}`;
    const answers = {
      "GET /login (signed in)": await send(agent, `/login?${query}`, { headers: { Cookie: cookie } }),
      "GET /register (signed in)": await send(agent, `/register?${query}`, { headers: { Cookie: cookie } }),
      "POST /login": await send(agent, "/login", {
        method: "POST",
        headers: formHeaders(),
        body: form({ email: "redirect_probe@app-server.example", password: signUpPassword, redirectTo: target }),
      }),
      "POST /theme": await send(agent, "/theme", {
        method: "POST",
        headers: formHeaders(),
        body: form({ theme: "dark", redirectTo: target }),
      }),
      "POST /currency": await send(agent, "/currency", {
        method: "POST",
        headers: formHeaders(),
        body: form({ currency: "brl", redirectTo: target }),
      }),
      "POST /demo-notice": await send(agent, "/demo-notice", {
        method: "POST",
        headers: formHeaders(),
        body: form({ redirectTo: target }),
      }),
      "POST /favorites (visitor)": await send(agent, "/favorites", {
        method: "POST",
        headers: formHeaders(),
        body: form({ assetType: "crypto", assetId: "bitcoin", intent: "add", redirectTo: target }),
      }),
    };
    for (const [probe, answer] of Object.entries(answers)) {
      expect(answer.status, `${probe} ${target}`).toBeLessThan(400);
      expect(landsOnThisSite(answer.headers.location), `${probe} ${target} → ${answer.headers.location}`).toBe(true);
      // The login page a visitor is sent to carries the return path on: it must be safe there too.
      const returnPath = answer.headers.location && new URL(answer.headers.location, app.url).searchParams.get("redirectTo");
      if (returnPath) expect(new URL(returnPath, "http://localhost").pathname.startsWith("//"), `${probe} ${target}`).toBe(false);
    }
  }
  agent.destroy();
});

test("a signed-in page rendered afresh because of an extra cookie is still private", async () => {
  // Every public page, each rendered for this request alone.
  test.setTimeout(90_000);
  const agent = new Agent({ keepAlive: true });
  const cookie = await signUp(app, "extra_cookie");
  for (const path of pathsOf("public")) {
    const answer = await send(agent, path, { headers: { Cookie: `${cookie}; _ga=GA1.1.123` } });
    expect.soft(answer.status, path).toBe(200);
    expect.soft(answer.headers["cache-control"], path).toMatch(/\bprivate\b/);
  }
  agent.destroy();
});
