import { describe, expect, it } from "vitest";

import type { SearchResponse, SearchResult } from "~/market/search-scope";
import { searchPages } from "~/screens/search.server";

import { callLoader } from "../support/loader-call";
import { contextFor, routeArgs } from "../support/router-context";
import { sharedTestServices } from "../support/services";

/** GET /search/results (the dialog's JSON) with a real Request, after the language middleware. */
async function searchResults(url: string, headers: HeadersInit = {}) {
  const { loader } = await import("~/routes/search-results");
  const { status, body, response } = await callLoader(loader, url, {}, headers);
  return { status, response, body: body as SearchResponse };
}

/** Everything an answer shows, suggestions first, in the order the dialog lists it. */
const shown = (answer: SearchResponse): SearchResult[] => [...answer.suggestions, ...answer.sections.flatMap((section) => section.results)];
const shownOf = (answer: SearchResponse, kind: string) => shown(answer).filter((result) => result.kind === kind);

describe("page search", () => {
  it("matches translated titles ignoring case and accents, the closest match first", () => {
    expect(searchPages("noticias", "pt-BR")).toEqual([{ kind: "pages", title: "Notícias", subtitle: "/news", href: "/news" }]);
    expect(searchPages("CONVERSOR", "pt-BR").map((page) => page.href)).toEqual(["/currency-converter"]);
    expect(searchPages("politica", "pt-BR").map((page) => page.href)).toEqual(["/privacy-policy", "/cookie-policy"]);
    expect(searchPages("criptomonedas", "es").map((page) => page.href)).toEqual(["/cryptos"]);
    expect(searchPages("about", "en").map((page) => page.href)).toEqual(["/about-us"]);
  });

  it("knows a page by each of its names, showing the first", () => {
    expect(searchPages("explorar", "pt-BR")).toEqual([{ kind: "pages", title: "Início", subtitle: "/", href: "/" }]);
    expect(searchPages("ferramentas", "pt-BR").map((page) => page.href)).toEqual(["/more"]);
  });

  it("finds nothing for text no title contains", () => {
    expect(searchPages("zzzz", "en")).toEqual([]);
  });
});

describe("the general scope (no scope, as from the home page)", () => {
  it("finds PETR4 for “petr” with its price and 24 h change, in labelled sections of every kind", async () => {
    const { status, body } = await searchResults("/search/results?q=petr");
    expect(status).toBe(200);
    expect(body).toMatchObject({ scope: "all", query: "petr", failed: false });
    expect(body.sections.map((section) => section.kind)).toEqual(["pages", "cryptos", "stocks", "news"]);
    expect(body.sections.every((section) => !section.failed)).toBe(true);
    const petr4 = shown(body).find((result) => result.title === "PETR4");
    expect(petr4).toMatchObject({
      kind: "stocks",
      href: "/stocks/PETR4",
      subtitle: expect.stringMatching(/Petrobras/i),
      quote: { price: expect.any(Number), change24h: expect.any(Number), currency: "BRL" },
    });
    // Two tickers start with the text: they are the suggestions.
    expect(body.suggestions.map((result) => result.title).sort()).toEqual(["PETR3", "PETR4"]);
  });

  it("puts the exact ticker first for “PETR4”, and “bitcoin” first finds Bitcoin priced as the /cryptos list prices it", async () => {
    expect((await searchResults("/search/results?q=PETR4")).body.suggestions[0]).toMatchObject({ title: "PETR4" });

    const { body } = await searchResults("/search/results?q=bitcoin");
    expect(body.suggestions[0]).toMatchObject({ kind: "cryptos", title: "Bitcoin", subtitle: "BTC", href: "/cryptos/bitcoin" });
    const { market } = await sharedTestServices();
    const { cryptoUniverse } = await import("~/screens/cryptos.server");
    // A Portuguese reader's default currency is the real, as on /cryptos; a chosen one is followed.
    const inReais = (await cryptoUniverse(market, "brl")).data.items.find((item) => item.id === "bitcoin");
    expect(body.suggestions[0]?.quote).toEqual({ price: inReais?.price, change24h: inReais?.change24h, currency: "BRL" });
    const chosen = await searchResults("/search/results?q=bitcoin", { Cookie: "currency=usd" });
    const inDollars = (await cryptoUniverse(market, "usd")).data.items.find((item) => item.id === "bitcoin");
    expect(chosen.body.suggestions[0]?.quote).toEqual({ price: inDollars?.price, change24h: inDollars?.change24h, currency: "USD" });
    expect(shownOf(body, "news").length).toBeGreaterThan(0);
  });

  it("shows each result once and keeps the spec's per-kind limits, with few pages", async () => {
    const { body } = await searchResults("/search/results?q=a");
    expect(body.suggestions).toHaveLength(2);
    const results = shown(body).map((result) => `${result.kind} ${result.title} ${result.href}`);
    expect(new Set(results).size).toBe(results.length);
    expect(shownOf(body, "stocks")).toHaveLength(6);
    expect(shownOf(body, "cryptos")).toHaveLength(7);
    expect(shownOf(body, "pages").length).toBeLessThanOrEqual(3);
    expect(shownOf(body, "pages").length).toBeGreaterThan(0);
    // Each section lists what is not already a suggestion.
    for (const section of body.sections) {
      for (const result of section.results) expect(body.suggestions).not.toContainEqual(result);
    }
  });

  it("is what a missing, empty or unknown scope searches; the page loader answers the same", async () => {
    for (const url of ["/search/results?q=bit", "/search/results?q=bit&scope=", "/search/results?q=bit&scope=everything"]) {
      const { body } = await searchResults(url);
      expect(body.scope, url).toBe("all");
      expect(shownOf(body, "cryptos").length, url).toBeGreaterThan(0);
    }
    const { loader } = await import("~/routes/search");
    const request = new Request("http://localhost/search?q=petr&lng=en");
    const page = await loader(routeArgs(request, await contextFor(request)));
    expect(page).toMatchObject({ scope: "all", query: "petr", failed: false, meta: { title: "Search", noindex: true } });
    expect(shownOf(page, "stocks").map((result) => result.title)).toContain("PETR4");
  });
});

describe("one kind at a time", () => {
  it("cryptos: name, symbol, detail link, icon and price, at most 7", async () => {
    const { body } = await searchResults("/search/results?q=bit&scope=cryptos", { "Accept-Language": "en" });
    expect(body).toMatchObject({ scope: "cryptos", query: "bit", failed: false });
    expect(body.sections.map((section) => section.kind)).toEqual(["cryptos"]);
    expect(shown(body)[0]).toEqual({
      kind: "cryptos",
      title: "Bitcoin",
      subtitle: "BTC",
      href: "/cryptos/bitcoin",
      image: "/icons/crypto/btc.svg",
      quote: { price: expect.any(Number), change24h: expect.any(Number), currency: "USD" },
    });
    expect(shown((await searchResults("/search/results?q=a&scope=cryptos")).body)).toHaveLength(7);
  });

  it("stocks: by ticker and name, at most 6", async () => {
    const { body } = await searchResults("/search/results?q=petr&scope=stocks");
    expect(shown(body).map((result) => result.href)).toContain("/stocks/PETR4");
    expect(shown((await searchResults("/search/results?q=a&scope=stocks")).body)).toHaveLength(6);
  });

  it("news: crypto headlines in the visitor's language, ignoring accents, linking out, at most 7", async () => {
    const pt = await searchResults("/search/results?q=AUTOCUSTODIA&scope=news", { "Accept-Language": "pt-BR" });
    expect(shown(pt.body)).toEqual([
      expect.objectContaining({
        kind: "news",
        title: "Autocustódia ou corretora? Onde guardar suas criptomoedas",
        href: expect.stringMatching(/^https:\/\//),
      }),
    ]);
    const en = await searchResults("/search/results?q=self-custody&scope=news", { "Accept-Language": "en" });
    expect(shown(en.body).map((result) => result.title)).toEqual(["Self-custody or exchange? Where to keep your crypto"]);
    expect(shown((await searchResults("/search/results?q=o&scope=news")).body)).toHaveLength(7);
  });

  it("pages, in the request's language (lng, as the dialog sends it)", async () => {
    const { body } = await searchResults("/search/results?q=faq&scope=pages&lng=en");
    expect(shown(body)).toEqual([{ kind: "pages", title: "FAQ", subtitle: "/faq", href: "/faq" }]);
  });
});

it("trims the text, cuts it to 100 characters and answers nothing for empty text", async () => {
  expect((await searchResults("/search/results?q=%20%20bit%20&scope=cryptos")).body.query).toBe("bit");
  const long = (await searchResults(`/search/results?q=${"b".repeat(150)}&scope=cryptos`)).body;
  expect(long.query).toBe("b".repeat(100));
  expect(shown(long)).toEqual([]);
  for (const url of ["/search/results", "/search/results?q=%20%20&scope=stocks"]) {
    expect((await searchResults(url)).body).toEqual({
      scope: url.includes("stocks") ? "stocks" : "all",
      query: "",
      suggestions: [],
      sections: [],
      failed: false,
    });
  }
});

it("lets the browser keep a good answer for a minute", async () => {
  const { response } = await searchResults("/search/results?q=vale");
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
});
