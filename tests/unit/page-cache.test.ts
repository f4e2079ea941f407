import { createServer, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { createGunzip, gunzipSync } from "node:zlib";

import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";

import { pagesChangedChannel } from "~/platform/context.server";
import { abortedOnDisconnect, pageRequestOf, sendFetchResponse, sendKeptAnswer, toFetchRequest } from "~/platform/fetch-bridge.server";
import {
  createPageCache,
  type PageCache,
  type PageCacheOptions,
  type PageLookups,
  type PageRequest,
  type PageVariant,
} from "~/platform/page-cache.server";

import { createTestServices } from "../support/services";

type Renderer = (request: Request) => Response | Promise<Response>;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Pages under /public, told apart by their whole URL, the language header or cookie, the theme, currency and demo-notice cookies. */
function testVariant(request: PageRequest): PageVariant | null {
  const { pathname, search } = new URL(request.url);
  if (!pathname.startsWith("/public")) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  return {
    url: `${pathname}${search}`,
    language: /i18next=([^;]+)/.exec(cookie)?.[1] ?? request.headers.get("Accept-Language") ?? "",
    theme: /theme=([^;]+)/.exec(cookie)?.[1] ?? "dark",
    currency: /currency=([^;]+)/.exec(cookie)?.[1] ?? "brl",
    demoNotice: /demo-notice=dismissed/.test(cookie) ? "dismissed" : "shown",
  };
}

let nonces = 0;
const testOptions = {
  ttlMs: 30_000,
  maxBytes: 10_000_000,
  maxEntries: 1000,
  variantOf: testVariant,
  createNonce: () => `nonce${++nonces}`,
};

/** A real HTTP server as the app has one: kept pages from the entry point, then Express, optionally compressing, answering through the cache. */
async function listen(cache: PageCache, render: Renderer, { compress = false } = {}) {
  const app = express();
  const edgeLookups = new WeakMap<IncomingMessage, PageLookups>();
  if (compress) app.use((await import("compression")).default({ threshold: 0 }));
  app.use(async (req, res, next) => {
    try {
      const answer = cache.respond(toFetchRequest(req), async (page) => render(abortedOnDisconnect(page, res)), edgeLookups.get(req));
      await sendFetchResponse(res, await answer);
    } catch (error) {
      next(error);
    }
  });
  // As the app's entry point: kept pages go out before Express.
  server = createServer((req, res) => {
    const lookups: PageLookups = new Map();
    edgeLookups.set(req, lookups);
    void cache.kept(pageRequestOf(req), lookups).then((answer) => (answer ? sendKeptAnswer(res, answer) : app(req, res)));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** The cache in front of a renderer that counts its renders. */
async function serve(render: Renderer = renderPage(), options: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000;
  const hits: string[] = [];
  const cache = createPageCache({ ...testOptions, onHit: (path) => hits.push(path), clock: { now: () => clock }, ...options });
  let renders = 0;
  const port = await listen(cache, (page) => {
    renders++;
    return render(page);
  });
  return {
    /** The whole answer, read: an unread body would hold its connection. */
    get: async (path: string, headers: Record<string, string> = {}, method = "GET") => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers, method });
      const body = await response.text();
      return { status: response.status, headers: response.headers, text: async () => body };
    },
    renders: () => renders,
    /** The entry is kept once compressed, as the first visitor gets the page. */
    stored: (count: number) => vi.waitFor(() => expect(cache.size()).toBe(count), { timeout: 5000 }),
    hits,
    advance: (ms: number) => (clock += ms),
    cache,
  };
}

/** The bytes as they travel (fetch would decompress them), with the headers. */
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
    request({ port, host: "127.0.0.1", path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).end();
  });
}

const encoder = new TextEncoder();

/** Streams a page in pieces, like server rendering does; says which language and theme it saw. */
function renderPage(extraHeaders: Record<string, string> = {}, delayMs = 0): Renderer {
  return (request) => {
    const { pathname, search } = new URL(request.url);
    const seen = `${request.headers.get("Accept-Language") ?? "-"}|${request.headers.get("Cookie") ?? "-"}|${pathname}${search}`;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("<html><body>"));
        await delay(delayMs);
        controller.enqueue(encoder.encode(`${"<p>row</p>".repeat(500)}${seen}</body></html>`));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...extraHeaders } });
  };
}

describe("anonymous page cache", () => {
  it("renders a public page once and serves the same bytes from memory", async () => {
    const app = await serve();
    const first = await (await app.get("/public/a")).text();
    const second = await app.get("/public/a");
    expect(await second.text()).toBe(first);
    expect(app.renders()).toBe(1);
    expect(second.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(app.hits).toEqual(["/public/a"]);
  });

  it("renders again once the generation moved (a price changed), and keeps nothing whose own render moved it", async () => {
    let generation = 0;
    const bumping: Renderer = (request) => {
      if (new URL(request.url).pathname === "/public/moves") generation++;
      return renderPage()(request);
    };
    const app = await serve(bumping, { generation: () => generation });
    await (await app.get("/public/a")).text();
    await app.stored(1);
    await (await app.get("/public/a")).text();
    expect(app.renders()).toBe(1);
    generation++;
    await (await app.get("/public/a")).text();
    expect(app.renders()).toBe(2);

    await (await app.get("/public/moves")).text();
    await (await app.get("/public/moves")).text();
    expect(app.renders()).toBe(4);
  });

  it("renders once for many simultaneous first visitors", async () => {
    const app = await serve(renderPage({}, 50));
    const bodies = await Promise.all(Array.from({ length: 20 }, () => app.get("/public/busy").then((response) => response.text())));
    expect(new Set(bodies).size).toBe(1);
    expect(app.renders()).toBe(1);
  });

  it("keeps a page per URL, language inputs and theme", async () => {
    const app = await serve();
    await app.get("/public/a");
    await app.get("/public/a?page=2");
    await app.get("/public/a", { "Accept-Language": "en-US,en;q=0.9" });
    await app.get("/public/a", { Cookie: "theme=light" });
    await app.get("/public/a", { Cookie: "i18next=es; theme=light" });
    expect(app.renders()).toBe(5);
    expect(await (await app.get("/public/a", { Cookie: "theme=light" })).text()).toContain("|theme=light|");
    expect(app.renders()).toBe(5);
  });

  it("keeps a page per crypto price currency, and shares it between visitors with the same one", async () => {
    const app = await serve();
    await app.get("/public/a", { Cookie: "currency=usd" });
    await app.get("/public/a", { Cookie: "currency=eur; theme=dark" });
    await app.get("/public/a");
    expect(app.renders()).toBe(3);
    expect(await (await app.get("/public/a", { Cookie: "currency=usd" })).text()).toContain("|currency=usd|");
    expect(app.renders()).toBe(3);
  });

  it("keeps a page per demo-notice choice: one visitor's dismissal never reaches another", async () => {
    const app = await serve();
    await app.get("/public/a");
    expect(await (await app.get("/public/a", { Cookie: "demo-notice=dismissed" })).text()).toContain("|demo-notice=dismissed|");
    expect(app.renders()).toBe(2);
    expect(await (await app.get("/public/a")).text()).toContain("|-|");
    expect(await (await app.get("/public/a", { Cookie: "theme=dark; demo-notice=dismissed" })).text()).toContain("|demo-notice=dismissed|");
    expect(app.renders()).toBe(2);
  });

  it("never shares pages of visitors with a session, a flash message or any other cookie", async () => {
    const app = await serve();
    for (const cookie of ["access_token=abc", "refresh_token=x; theme=dark", "flash=e30", "theme=dark; oauth-state=1"]) {
      await app.get("/public/a", { Cookie: cookie });
      await app.get("/public/a", { Cookie: cookie });
    }
    expect(app.renders()).toBe(8);
  });

  it("does not keep responses that set a cookie or say they are private, nor errors or other paths", async () => {
    for (const headers of [{ "Set-Cookie": "i18next=en" }, { "Cache-Control": "private, no-store" }] as Record<string, string>[]) {
      const app = await serve(renderPage(headers));
      await app.get("/public/a");
      await app.get("/public/a");
      expect(app.renders()).toBe(2);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
    const failing = await serve(() => new Response("missing", { status: 404 }));
    await failing.get("/public/gone");
    await failing.get("/public/gone");
    await failing.get("/private");
    await failing.get("/private");
    expect(failing.renders()).toBe(4);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const app = await serve();
    await app.get("/public/a");
    await app.stored(1);
    const etag = (await app.get("/public/a")).headers.get("etag")!;
    const again = await app.get("/public/a", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(app.renders()).toBe(1);
  });

  it("serves gzip, compressed once, to clients that accept it, and the plain page to others", async () => {
    const app = await serve();
    const plain = await (await app.get("/public/a")).text();
    const { port } = server!.address() as AddressInfo;
    // fetch() sends "Accept-Language: *": the same language inputs, so the same page.
    const raw = async (encoding: string) => {
      const { headers, body } = await rawGet(port, "/public/a", { "Accept-Encoding": encoding, "Accept-Language": "*" });
      return { encoding: headers["content-encoding"], body };
    };
    for (const accepted of ["gzip, deflate, br", "gzip"]) {
      const gzip = await raw(accepted);
      expect(gzip.encoding).toBe("gzip");
      expect(gunzipSync(gzip.body).toString()).toBe(plain);
      expect(gzip.body.length).toBeLessThan(plain.length / 5);
    }
    const identity = await raw("identity");
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(plain);
    expect(app.renders()).toBe(1);
  });

  it("gives every answer of a kept page its own CSP nonce, in the header and the page alike", async () => {
    const render: Renderer = () =>
      new Response(`<script nonce="rendered+/=">1</script>${"<p>row</p>".repeat(500)}<script nonce="rendered+/=">2</script>`, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'self' 'nonce-rendered+/='" },
      });
    const app = await serve(render);
    await app.get("/public/a");
    await app.stored(1);
    const { port } = server!.address() as AddressInfo;
    const seen = new Set<string>();
    for (const encoding of ["gzip", "identity", "gzip"]) {
      const { headers, body } = await rawGet(port, "/public/a", { "Accept-Encoding": encoding, "Accept-Language": "*" });
      const page = (headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString();
      const nonce = /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1];
      expect(nonce).toMatch(/^nonce\d+$/);
      expect(page).toBe(`<script nonce="${nonce}">1</script>${"<p>row</p>".repeat(500)}<script nonce="${nonce}">2</script>`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
    expect(app.renders()).toBe(1);
  });

  it("lets a HEAD request through without keeping its empty body", async () => {
    const app = await serve();
    await app.get("/public/a", {}, "HEAD");
    const page = await (await app.get("/public/a")).text();
    expect(page).toContain("<p>row</p>");
  });

  it("aborts a render, kept or personal, when its visitor goes away before the answer", async () => {
    const aborted: string[] = [];
    await serve((request) => {
      request.signal.addEventListener("abort", () => aborted.push(new URL(request.url).pathname));
      return new Promise<Response>(() => {});
    });
    const port = (server!.address() as AddressInfo).port;
    for (const path of ["/public/slow", "/private/slow"]) {
      const outgoing = request({ port, host: "127.0.0.1", path });
      outgoing.on("error", () => {});
      outgoing.end();
      await delay(50);
      outgoing.destroy();
    }
    await vi.waitFor(() => expect(aborted.sort()).toEqual(["/private/slow", "/public/slow"]));
  });

  it("renders again once the lifetime is over, and drops the oldest pages past the size limit", async () => {
    const app = await serve(renderPage(), { maxBytes: 12_000 });
    await app.get("/public/a");
    await app.stored(1);
    app.advance(30_001);
    await app.get("/public/a");
    expect(app.renders()).toBe(2);
    await app.get("/public/b");
    await app.get("/public/c");
    expect(app.cache.size()).toBeLessThan(3);
    expect(app.cache.bytes()).toBeLessThanOrEqual(12_000);
  });

  it("counts what an entry costs beyond its body, holds the entry count, and sweeps out expired pages", async () => {
    const app = await serve(renderPage(), { maxEntries: 5 });
    for (let index = 0; index < 8; index++) await app.get(`/public/${index}`, { "Accept-Language": "x".repeat(4000) });
    await app.stored(5);
    // Bodies plus the 4,000-character language input of each key, counted as two bytes a character.
    expect(app.cache.bytes()).toBeGreaterThan(5 * 2 * 4000);
    app.advance(30_001);
    await app.get("/public/new");
    await app.stored(1);
  });
});

/** A personal cache's variants: pages under /public for the session a `session` cookie names, read at `version`. */
function sessionVariant(version: () => string) {
  return (request: PageRequest): PageVariant | null => {
    const session = /session=([^;]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
    const variant = testVariant(request);
    return variant && session ? { ...variant, audience: `${session}:${version()}` } : null;
  };
}

describe("personal page cache", () => {
  const personal = { cookies: ["session"] };

  it("keeps a session's page for that session alone, with the page's own Cache-Control", async () => {
    const app = await serve(renderPage({ "Cache-Control": "private, no-store" }), { personal, variantOf: sessionVariant(() => "1") });
    const ana = { Cookie: "session=ana; theme=dark" };
    const first = await (await app.get("/public/favorites", ana)).text();
    await app.stored(1);
    const again = await app.get("/public/favorites", ana);
    expect(await again.text()).toBe(first);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(app.renders()).toBe(1);
    const bruno = await (await app.get("/public/favorites", { Cookie: "session=bruno; theme=dark" })).text();
    expect(bruno).toContain("session=bruno");
    expect(app.renders()).toBe(2);
  });

  it("renders again under a new version of the user's data, and keeps nothing without a session", async () => {
    let version = 1;
    const app = await serve(renderPage(), { personal, variantOf: sessionVariant(() => String(version)) });
    const ana = { Cookie: "session=ana" };
    await (await app.get("/public/favorites", ana)).text();
    await app.stored(1);
    await (await app.get("/public/favorites", ana)).text();
    expect(app.renders()).toBe(1);
    version++;
    await (await app.get("/public/favorites", ana)).text();
    expect(app.renders()).toBe(2);
    await (await app.get("/public/favorites")).text();
    await (await app.get("/public/favorites")).text();
    expect(app.renders()).toBe(4);
  });

  it("keeps no answer that sets a cookie (a renewed session)", async () => {
    const app = await serve(renderPage({ "Set-Cookie": "access_token=renewed" }), { personal, variantOf: sessionVariant(() => "1") });
    await (await app.get("/public/favorites", { Cookie: "session=ana" })).text();
    await (await app.get("/public/favorites", { Cookie: "session=ana" })).text();
    expect(app.renders()).toBe(2);
  });

  it("works out a session's variant once per request, at the entry point, even when the page must be rendered", async () => {
    const variantOf = vi.fn(sessionVariant(() => "1"));
    const app = await serve(renderPage(), { personal, variantOf });
    await (await app.get("/public/favorites", { Cookie: "session=ana" })).text();
    expect(variantOf).toHaveBeenCalledTimes(1);
    await app.stored(1);
    await (await app.get("/public/favorites", { Cookie: "session=ana" })).text();
    expect(variantOf).toHaveBeenCalledTimes(2);
    expect(app.renders()).toBe(1);
  });

  it("keeps no page whose variant names no audience: it would go to any session", async () => {
    const app = await serve(renderPage(), { personal, variantOf: testVariant });
    await (await app.get("/public/favorites", { Cookie: "session=ana" })).text();
    await (await app.get("/public/favorites", { Cookie: "session=bruno" })).text();
    expect(app.renders()).toBe(2);
  });
});

describe("anonymous page cache in front of a compressing server", () => {
  async function serveCompressed(render: Renderer) {
    const cache = createPageCache({
      ...testOptions,
      // Event streams are never public pages.
      variantOf: (request) => {
        const { pathname } = new URL(request.url);
        return pathname === "/events" ? null : { url: pathname, language: "", theme: "", currency: "", demoNotice: "shown" };
      },
    });
    return { cache, port: await listen(cache, render, { compress: true }) };
  }

  it("keeps the rendered page, not the bytes a compression layer behind it would send", async () => {
    const { cache, port } = await serveCompressed(renderPage());
    const first = await (await fetch(`http://127.0.0.1:${port}/page`)).text();
    expect(first).toContain("<p>row</p>");
    await vi.waitFor(() => expect(cache.size()).toBe(1), { timeout: 5000 });
    const kept = await fetch(`http://127.0.0.1:${port}/page`, { headers: { "Accept-Encoding": "identity" } });
    expect(await kept.text()).toBe(first);
  });

  it("sends the first visitor's page compressed once and tagged", async () => {
    const { port } = await serveCompressed(
      () => new Response("<p>row</p>".repeat(500), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    );
    const first = await rawGet(port, "/page", { "Accept-Encoding": "gzip, br" });
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gunzipSync(first.body).toString()).toBe("<p>row</p>".repeat(500));
  });

  it("flushes an event stream through the compressor piece by piece", async () => {
    let second: () => void = () => {};
    const { port } = await serveCompressed(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode("data: one\n\n"));
              await new Promise<void>((resolve) => (second = resolve));
              controller.enqueue(encoder.encode("data: two\n\n"));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/event-stream" } },
        ),
    );
    const received = await new Promise<string>((resolve) => {
      request({ port, host: "127.0.0.1", path: "/events", headers: { "Accept-Encoding": "gzip" } }, (response) => {
        expect(response.headers["content-encoding"]).toBe("gzip");
        let text = "";
        const gunzip = response.pipe(createGunzip());
        gunzip.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          // The first event arrived while the second is not written yet.
          if (text === "data: one\n\n") second();
        });
        gunzip.on("end", () => resolve(text));
      }).end();
    });
    expect(received).toBe("data: one\n\ndata: two\n\n");
  });
});

describe("kept pages when pages change", () => {
  it("drops every kept page when an instance publishes that pages changed", async () => {
    const services = await createTestServices();
    const cache = services.pageCache!;
    const page = () => new Response("<p>faq</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    await cache.respond(new Request("http://localhost/faq"), async () => page());
    expect(cache.size()).toBe(1);
    await services.platform.events.publish(pagesChangedChannel, JSON.stringify({ paths: ["/release-notes"] }));
    expect(cache.size()).toBe(0);
    await services.close();
  });
});
