import { describe, expect, it, vi } from "vitest";

import { UpstreamError } from "~/market/providers/provider";
import type { CryptoListItem, CryptoSearchResult, NewsItem, StockListItem } from "~/market/types";
import { memoryLogger } from "~/platform/logger.server";
import { search, type SearchMarket } from "~/screens/search.server";

const sourced = <T>(data: T) => Promise.resolve({ data, source: "live" as const, fetchedAt: 0, stale: false });
const down = () => Promise.reject(new UpstreamError("answered 500", "fake", 500));

const stock = (ticker: string, name: string, price: number): StockListItem => ({
  ticker,
  name,
  logo: null,
  type: "stock",
  sector: null,
  currency: "BRL",
  price,
  changePercent: 1.5,
  volume: null,
  marketCap: null,
});
const coin = (id: string, name: string, symbol: string): CryptoSearchResult => ({ id, name, symbol, thumb: null, rank: null });
const listed = (id: string, price: number) => ({ id, price, change24h: -2 }) as CryptoListItem;
const article = (headline: string) =>
  ({ id: headline.length, headline, url: `https://example.com/${headline.length}`, image: null, source: "Wire" }) as NewsItem;

/** A market whose answers the test chooses, kind by kind. */
/** For the tests that do not look at what was logged. */
const logger = memoryLogger();

function fakeMarket(overrides: Partial<SearchMarket> = {}): SearchMarket {
  return {
    stockList: () =>
      sourced({
        items: [stock("VALE3", "Vale Petro", 60), stock("PETR4", "Petrobras PN", 33.35)],
        total: 2,
        page: 1,
        limit: 6,
        sectors: [],
      }),
    cryptoSearch: () => sourced([coin("petro-token", "Petro Token", "ptr"), coin("bitcoin", "Bitcoin", "btc")]),
    cryptoList: () => sourced({ items: [listed("bitcoin", 85_591.3)], total: 1 }),
    news: () => sourced([article("PETR4 sobe após resultado"), article("Mercado fecha em alta")]),
    ...overrides,
  } as SearchMarket;
}

describe("the general scope's answer", () => {
  it("suggests the closest matches across kinds (exact, then prefix) and does not repeat them in their sections", async () => {
    const answer = await search(fakeMarket(), logger, "all", "petr4", "pt-BR", "usd");
    expect(answer.suggestions.map((result) => result.title)).toEqual(["PETR4", "PETR4 sobe após resultado"]);
    expect(answer.suggestions[0]?.quote).toEqual({ price: 33.35, change24h: 1.5, currency: "BRL" });
    expect(answer.sections.find((section) => section.kind === "stocks")?.results.map((result) => result.title)).toEqual(["VALE3"]);
    expect(answer.sections.find((section) => section.kind === "news")?.results).toEqual([]);
  });

  it("ranks a headline below an asset whose name starts with the text", async () => {
    const answer = await search(fakeMarket(), logger, "all", "petr", "pt-BR", "usd");
    // PETR4 and Petro Token start with "petr"; a word starting with it (Vale Petro) comes next; headlines last.
    expect(answer.suggestions.map((result) => result.title)).toEqual(["Petro Token", "PETR4"]);
    expect(answer.sections.find((section) => section.kind === "stocks")?.results.map((result) => result.title)).toEqual(["VALE3"]);
  });

  it("gives a coin the list's price, and none when the coin is not listed or the list failed", async () => {
    const answer = await search(fakeMarket(), logger, "cryptos", "bitcoin", "en", "usd");
    expect(answer.suggestions[0]).toMatchObject({ title: "Bitcoin", quote: { price: 85_591.3, change24h: -2, currency: "USD" } });
    expect(answer.suggestions[1]).toMatchObject({ title: "Petro Token" });
    expect(answer.suggestions[1]).not.toHaveProperty("quote");

    const warned = memoryLogger();
    const withoutList = await search(fakeMarket({ cryptoList: down }), warned, "cryptos", "bitcoin", "en", "usd");
    expect(withoutList.failed).toBe(false);
    expect(withoutList.suggestions[0]).toMatchObject({ title: "Bitcoin" });
    expect(withoutList.suggestions[0]).not.toHaveProperty("quote");
    expect(warned.lines).toEqual([{ level: "warn", message: expect.stringMatching(/^search: crypto prices unavailable: /) }]);
  });

  it("keeps the other kinds when one fails, and says failed only when every searched kind did", async () => {
    const logged = memoryLogger();
    const partial = await search(fakeMarket({ stockList: down, news: down }), logged, "all", "bitcoin", "en", "usd");
    expect(partial.failed).toBe(false);
    expect(partial.sections.map(({ kind, failed }) => [kind, failed])).toEqual([
      ["pages", false],
      ["cryptos", false],
      ["stocks", true],
      ["news", true],
    ]);
    expect(partial.suggestions[0]).toMatchObject({ title: "Bitcoin" });

    const allDown = await search(fakeMarket({ stockList: down }), logged, "stocks", "petr", "en", "usd");
    expect(allDown).toEqual({
      scope: "stocks",
      query: "petr",
      suggestions: [],
      sections: [{ kind: "stocks", results: [], failed: true }],
      failed: true,
    });
    expect(logged.lines).toContainEqual({ level: "error", message: expect.stringMatching(/^search failed \(stocks\): /) });
  });

  it("asks nothing for empty text", async () => {
    const stockList = vi.fn(down);
    expect(await search(fakeMarket({ stockList }), logger, "all", "", "en", "usd")).toEqual({
      scope: "all",
      query: "",
      suggestions: [],
      sections: [],
      failed: false,
    });
    expect(stockList).not.toHaveBeenCalled();
  });
});
