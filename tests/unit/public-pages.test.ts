import { describe, expect, it } from "vitest";

import { pageVariants } from "~/services.server";

import { sharedTestServices } from "../support/services";

const publicPageVariant = pageVariants((await sharedTestServices()).platform).public;

const incoming = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

describe("page cache variants of public pages", () => {
  it("keeps only the query parameters each page reads", async () => {
    const cases: [string, string | null][] = [
      ["/cryptos?page=2&utm_source=news&perPage=24", "/cryptos?page=2&perPage=24"],
      ["/cryptos?junk=1", "/cryptos"],
      ["/cryptos/bitcoin?chart=area&x=1", "/cryptos/bitcoin?chart=area"],
      ["/stocks/PETR4?range=1y&series=close&fbclid=2", "/stocks/PETR4?range=1y&series=close"],
      ["/?table=stocks&tpage=2&ref=a", "/?table=stocks&tpage=2"],
      ["/_root.data?_routes=routes%2Fhome&z=1", "/_root.data?_routes=routes%2Fhome"],
      ["/cryptos.data?_routes=routes%2Fcryptos&page=3", "/cryptos.data?_routes=routes%2Fcryptos&page=3"],
      ["/calendar?month=2026-11&kind=holiday&kind=ipca&x=1", "/calendar?month=2026-11&kind=holiday&kind=ipca"],
      ["/currency-converter?amount=10&from=USD&to=BRL&swap=1", "/currency-converter?amount=10&from=USD&to=BRL"],
      ["/about-us?anything=1", "/about-us"],
      ["/about-data?x=1", "/about-data"],
      ["/user", null],
      ["/release-notes/rss.xml", null],
      ["/release-notes/3?x=1", "/release-notes/3"],
      ["/stocks/PETR4.data?_routes=routes%2Fstock&range=5y&utm=1", "/stocks/PETR4.data?_routes=routes%2Fstock&range=5y"],
      ["/cryptos?lng=en", null],
      ["/login", null],
    ];
    for (const [url, expected] of cases) expect((await publicPageVariant(incoming(url)))?.url ?? null, url).toBe(expected);
  });

  it("names the language the page will be shown in and the theme, not the raw headers", async () => {
    const huge = `en-US,en;q=0.9,${Array.from({ length: 2000 }, (_, index) => `x${index}-zz;q=0.1`).join(",")}`;
    const started = performance.now();
    expect(await publicPageVariant(incoming("/faq", { "accept-language": huge }))).toEqual({
      url: "/faq",
      language: "en",
      theme: "dark",
      currency: "usd",
      demoNotice: "shown",
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(await publicPageVariant(incoming("/faq", { cookie: "i18next=es; theme=light" }))).toMatchObject({
      language: "es",
      theme: "light",
    });
    expect(await publicPageVariant(incoming("/faq", { cookie: "theme=light; demo-notice=dismissed" }))).toMatchObject({
      theme: "light",
      demoNotice: "dismissed",
    });
    expect(await publicPageVariant(incoming("/faq", { cookie: "demo-notice=maybe" }))).toMatchObject({ demoNotice: "shown" });
    expect(await publicPageVariant(incoming("/faq", { cookie: "theme=<script>", "accept-language": "zz" }))).toMatchObject({
      language: "pt-BR",
      theme: "dark",
    });
  });

  it("tells visitors with the same header apart by their language cookie, however often the header comes back", async () => {
    const languages = [];
    for (const cookie of ["", "i18next=es", "i18next=pt-BR", "i18next=bogus", ""]) {
      languages.push((await publicPageVariant(incoming("/faq", { cookie, "accept-language": "en-GB,en;q=0.8" })))?.language);
    }
    expect(languages).toEqual(["en", "es", "pt-BR", "en", "en"]);
  });

  it("names the crypto price currency: the visitor's choice, else their language's default", async () => {
    expect(await publicPageVariant(incoming("/cryptos"))).toMatchObject({ language: "pt-BR", currency: "brl" });
    expect(await publicPageVariant(incoming("/cryptos", { cookie: "i18next=es" }))).toMatchObject({ currency: "usd" });
    expect(await publicPageVariant(incoming("/cryptos", { cookie: "currency=eur" }))).toMatchObject({ currency: "eur" });
    expect(await publicPageVariant(incoming("/cryptos", { cookie: "currency=btc", "accept-language": "en" }))).toMatchObject({
      currency: "usd",
    });
  });
});
