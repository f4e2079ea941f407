import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { searchPages } from "~/market/search.server";
import { contextFor, routeArgs } from "../support/router-context";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ma-search-"));
});

/** Calls the /search loader with a real Request, after the language middleware, as React Router does. */
async function searchLoader(url: string, headers: HeadersInit = {}) {
  const { loader } = await import("~/routes/search");
  const request = new Request(`http://localhost${url}`, { headers });
  return loader(routeArgs(request, await contextFor(request)));
}

describe("page search", () => {
  it("matches translated titles ignoring case and accents", () => {
    expect(searchPages("noticias", "pt-BR")).toEqual([{ title: "Notícias", subtitle: "/news", href: "/news" }]);
    expect(searchPages("CONVERSOR", "pt-BR").map((page) => page.href)).toEqual(["/currency-converter"]);
    expect(searchPages("politica", "pt-BR").map((page) => page.href)).toEqual(["/privacy-policy", "/cookie-policy"]);
    expect(searchPages("criptomonedas", "es").map((page) => page.href)).toEqual(["/cryptos"]);
    expect(searchPages("about", "en").map((page) => page.href)).toEqual(["/about-us"]);
  });

  it("knows a page by each of its names, showing the first", () => {
    expect(searchPages("explorar", "pt-BR")).toEqual([{ title: "Início", subtitle: "/", href: "/" }]);
    expect(searchPages("ferramentas", "pt-BR").map((page) => page.href)).toEqual(["/more"]);
  });

  it("finds nothing for text no title contains", () => {
    expect(searchPages("zzzz", "en")).toEqual([]);
  });
});

describe("GET /search loader", () => {
  it("finds cryptos: name, symbol, detail link and icon, at most 7", async () => {
    const data = await searchLoader("/search?q=bit&scope=cryptos");
    expect(data).toMatchObject({ scope: "cryptos", query: "bit", failed: false });
    expect(data.results[0]).toEqual({
      title: "Bitcoin",
      subtitle: "BTC",
      href: "/cryptos/bitcoin",
      image: "/icons/crypto/btc.svg",
    });
    expect(data.results.length).toBeLessThanOrEqual(7);
    expect((await searchLoader("/search?q=a&scope=cryptos")).results).toHaveLength(7);
  });

  it("finds stocks by ticker and name, at most 6", async () => {
    const data = await searchLoader("/search?q=petr&scope=stocks");
    expect(data.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "PETR4", href: "/stocks/PETR4", subtitle: expect.stringMatching(/Petrobras/i) })]),
    );
    expect((await searchLoader("/search?q=a&scope=stocks")).results).toHaveLength(6);
  });

  it("filters crypto news by headline in the visitor's language, ignoring accents, linking out, at most 7", async () => {
    const pt = await searchLoader("/search?q=AUTOCUSTODIA&scope=news", { "Accept-Language": "pt-BR" });
    expect(pt.results).toEqual([
      expect.objectContaining({ title: "Autocustódia ou corretora? Onde guardar suas criptomoedas", href: expect.stringMatching(/^https:\/\//) }),
    ]);
    const en = await searchLoader("/search?q=self-custody&scope=news", { "Accept-Language": "en" });
    expect(en.results.map((result) => result.title)).toEqual(["Self-custody or exchange? Where to keep your crypto"]);
    expect((await searchLoader("/search?q=o&scope=news")).results).toHaveLength(7);
  });

  it("searches pages in the request's language", async () => {
    const data = await searchLoader("/search?q=faq&scope=pages&lng=en");
    expect(data.results).toEqual([{ title: "FAQ", subtitle: "/faq", href: "/faq" }]);
    expect(data.meta).toMatchObject({ title: "Search", noindex: true });
  });

  it("falls back to page search for a missing or unknown scope", async () => {
    for (const url of ["/search?q=not%C3%ADcias", "/search?q=noticias&scope=everything", "/search?q=noticias&scope="]) {
      const data = await searchLoader(url);
      expect(data.scope, url).toBe("pages");
      expect(data.results.map((result) => result.href), url).toEqual(["/news"]);
    }
  });

  it("trims the text, cuts it to 100 characters and answers nothing for empty text", async () => {
    expect((await searchLoader("/search?q=%20%20bit%20&scope=cryptos")).query).toBe("bit");
    const long = await searchLoader(`/search?q=${"b".repeat(150)}&scope=cryptos`);
    expect(long.query).toBe("b".repeat(100));
    expect(long.results).toEqual([]);
    for (const url of ["/search", "/search?q=%20%20&scope=stocks"]) {
      expect(await searchLoader(url)).toMatchObject({ query: "", results: [], failed: false });
    }
  });
});
