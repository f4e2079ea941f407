/**
 * One price everywhere: every view of an asset (lists, detail, each chart range, trending, the
 * assistant's quote) shows one price and one 24 h change at an instant, although each is cached
 * on its own schedule and fetched at a different moment.
 */
import { describe, expect, it } from "vitest";

import { fetchQuote } from "~/assistant/offline/quotes.server";
import { DAY_SECONDS, HOUR_MS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import { createDemoProviders } from "~/market/demo";
import { STEP_MS } from "~/market/demo/generator";
import { createQuoteBoard } from "~/market/quote-board.server";
import { createMarketService } from "~/market/service.server";
import { type CryptoListItem, type StockListItem, stockRanges } from "~/market/types";

/** Wednesday 2026-11-18 15:02:30 UTC: B3 and the US are in session, 2.5 minutes before a demo step. */
const START = Date.UTC(2026, 10, 18, 15, 2, 30);

function demoMarket() {
  let now = START;
  const clock = () => now;
  const market = createMarketService(createDemoProviders(clock), new MarketCache({ clock: { now: clock } }));
  return { market, advance: (ms: number) => (now += ms), clock };
}

const quoteOf = ({ price, change24h }: CryptoListItem) => ({ price, change24h });
const stockQuoteOf = ({ price, changePercent }: StockListItem) => ({ price, changePercent });

describe("one price everywhere (demo data, cached views fetched at different steps)", () => {
  it("shows a live tick's price on every view read after it, in its currency only, with the market cap moving with it", async () => {
    const { market, advance, clock } = demoMarket();
    const list = await market.cryptoList({ page: 1, perPage: 50, order: "market_cap_desc", currency: "brl" });
    const before = list.data.items.find((item) => item.id === "bitcoin")!;
    advance(1000);
    const tick = market.live.demoTick("crypto:bitcoin:brl", clock())!;
    expect(tick.price).not.toBe(before.price);
    // A small wiggle around the generator's knot, the same on every instance for the same second.
    expect(Math.abs(tick.price / before.price! - 1)).toBeLessThan(0.01);
    expect(market.live.demoTick("crypto:bitcoin:brl", clock())).toEqual(tick);
    const generation = market.quoteGeneration();
    expect(market.live.apply(tick)).toBe(true);
    expect(market.live.apply(tick)).toBe(false);
    // Kept pages stay: browsers showing one get the tick from their socket.
    expect(market.quoteGeneration()).toBe(generation);

    const listed = (await market.cryptoList({ page: 1, perPage: 50, order: "market_cap_desc", currency: "brl" })).data.items;
    const bitcoin = listed.find((item) => item.id === "bitcoin")!;
    expect(bitcoin.price).toBe(tick.price);
    expect(bitcoin.change24h).toBeCloseTo(tick.change!, 10);
    expect(bitcoin.marketCap).toBe(Math.round((before.marketCap! * tick.price) / before.price!));
    expect((await market.cryptoDetail("bitcoin", "pt-BR", "brl")).data!.price).toBe(tick.price);
    // Dollars are another key: untouched.
    expect((await market.cryptoDetail("bitcoin", "en", "usd")).data!.price).not.toBe(tick.price);
    expect(market.live.latest("crypto:bitcoin:brl")).toMatchObject({ price: tick.price, time: tick.time });
  });

  it("ticks a stock's price over its list row and detail", async () => {
    const { market, advance, clock } = demoMarket();
    await market.stockList({ page: 1, limit: 20 });
    advance(2000);
    const tick = market.live.demoTick("stock:PETR4", clock())!;
    market.live.apply(tick);
    const row = (await market.stockList({ page: 1, limit: 20, search: "PETR4" })).data.items[0]!;
    const detail = (await market.stockDetail("PETR4", "1mo", "pt-BR")).data!;
    expect([row.price, detail.price, detail.history.at(-1)!.close]).toEqual([tick.price, tick.price, tick.price]);
    expect(detail.changePercent).toBeCloseTo(tick.change!, 10);
  });

  it("shows a crypto's newest price in the list, the detail, its chart's last point and trending", async () => {
    const { market, advance } = demoMarket();
    const before = await market.cryptoList({ page: 1, perPage: 250, order: "market_cap_desc" });
    const bitcoinBefore = before.data.items.find((item) => item.id === "bitcoin")!;
    advance(STEP_MS);
    // A newer step: the detail is fetched now, while the list stays cached from the step before.
    const detail = (await market.cryptoDetail("bitcoin", "en")).data!;
    expect(detail.price).not.toBe(bitcoinBefore.price);

    const list = await market.cryptoList({ page: 1, perPage: 250, order: "market_cap_desc" });
    expect(list.fetchedAt).toBe(before.fetchedAt);
    const listed = list.data.items.find((item) => item.id === "bitcoin")!;
    expect(quoteOf(listed)).toEqual(quoteOf(detail));

    const to = Math.ceil(START / HOUR_MS) * 3600 + 3600;
    const chart = (await market.cryptoChart("bitcoin", to - 31 * DAY_SECONDS, to)).data!;
    expect(chart.prices.at(-1)![1]).toBe(detail.price);
    expect(chart.marketCaps.at(-1)![1]).toBe(detail.marketCap);

    // Trending's own prices never replace a quote, but it shows every newer one.
    const trending = (await market.cryptoTrending()).data;
    for (const item of trending) await market.cryptoDetail(item.id, "en");
    const listNow = (await market.cryptoList({ page: 1, perPage: 250, order: "market_cap_desc" })).data.items;
    for (const item of (await market.cryptoTrending()).data) {
      const own = (await market.cryptoDetail(item.id, "en")).data!;
      expect(quoteOf(item)).toEqual(quoteOf(own));
      expect(quoteOf(item)).toEqual(quoteOf(listNow.find((listed) => listed.id === item.id) ?? item));
    }
    expect(trending.length).toBeGreaterThan(0);
  });

  it("keeps the day's high and low around a price that came from a newer answer", async () => {
    const { market, advance } = demoMarket();
    await market.cryptoDetail("dogecoin", "en");
    advance(STEP_MS);
    const list = await market.cryptoList({ page: 1, perPage: 250, order: "market_cap_desc" });
    const detail = (await market.cryptoDetail("dogecoin", "en")).data!;
    const listed = list.data.items.find((item) => item.id === "dogecoin")!;
    expect(detail.price).toBe(listed.price);
    expect(detail.high24h!).toBeGreaterThanOrEqual(detail.price!);
    expect(detail.low24h!).toBeLessThanOrEqual(detail.price!);
  });

  it("ends every chart range of a stock on the price its header, list and assistant show", async () => {
    const { market, advance } = demoMarket();
    const ranges = await Promise.all(stockRanges.map((range) => market.stockDetail("PETR4", range, "pt-BR")));
    advance(STEP_MS);
    const list = await market.stockList({ search: "PETR4", page: 1, limit: 12 });
    const listed = list.data.items.find((item) => item.ticker === "PETR4")!;
    expect(listed.price).not.toBe(ranges[0]!.data!.price);

    for (const range of stockRanges) {
      const detail = (await market.stockDetail("PETR4", range, "pt-BR")).data!;
      expect(stockQuoteOf(detail), range).toEqual(stockQuoteOf(listed));
      const last = detail.history.at(-1)!;
      expect(last.close, range).toBe(listed.price);
      expect(last.high, range).toBeGreaterThanOrEqual(last.close);
      expect(last.low, range).toBeLessThanOrEqual(last.close);
      expect(detail.high!).toBeGreaterThanOrEqual(listed.price!);
      expect(detail.low!).toBeLessThanOrEqual(listed.price!);
    }

    const assistant = await fetchQuote({ kind: "stock", ticker: "PETR4", name: "Petrobras" }, "pt-BR", market);
    expect({ price: assistant!.price, changePercent: assistant!.change }).toEqual(stockQuoteOf(listed));
  });

  it("quotes a crypto to the assistant as the list shows it", async () => {
    const { market, advance } = demoMarket();
    await market.cryptoDetail("ethereum", "pt-BR");
    advance(STEP_MS);
    const list = await market.cryptoList({ page: 1, perPage: 250, order: "market_cap_desc" });
    const listed = list.data.items.find((item) => item.id === "ethereum")!;
    const assistant = await fetchQuote({ kind: "crypto", id: "ethereum", symbol: "eth", name: "Ethereum" }, "pt-BR", market);
    expect({ price: assistant!.price, change24h: assistant!.change }).toEqual(quoteOf(listed));
  });
});

describe("quote board", () => {
  const item = (price: number | null, change: number | null = 1): StockListItem => ({
    ticker: "PETR4",
    name: "Petrobras",
    logo: null,
    type: "stock",
    sector: null,
    currency: "BRL",
    price,
    changePercent: change,
    volume: 10,
    marketCap: 100,
  });

  it("lets the newest answer win, whatever order they arrive in", () => {
    const board = createQuoteBoard();
    expect(board.stock(item(10), 2000).price).toBe(10);
    expect(board.stock(item(9), 1000).price).toBe(10);
    expect(board.stock(item(11), 3000).price).toBe(11);
  });

  it("ignores an answer without a price, and keeps what it knew", () => {
    const board = createQuoteBoard();
    expect(board.stock(item(null), 1000).price).toBeNull();
    board.stock(item(10), 1000);
    expect(board.stock(item(null), 2000).price).toBe(10);
  });

  it("keeps an item's own figure where the newer answer has none (US list rows carry no volume)", () => {
    const board = createQuoteBoard();
    board.stock({ ...item(11), volume: null }, 2000);
    expect(board.stock({ ...item(10), volume: 50 }, 1000)).toMatchObject({ price: 11, volume: 50 });
  });

  it("moves its generation only when a quote changes", () => {
    const board = createQuoteBoard();
    board.stock(item(10), 1000);
    const first = board.generation();
    board.stock(item(10), 2000);
    expect(board.generation()).toBe(first);
    board.stock(item(10, 2), 3000);
    expect(board.generation()).toBe(first + 1);
  });

  it("leaves a chart of a past range alone", () => {
    const board = createQuoteBoard();
    const coin = {
      id: "x",
      symbol: "x",
      name: "X",
      image: null,
      rank: 1,
      price: 5,
      change24h: 1,
      marketCap: 50,
      volume24h: 1,
      high24h: 6,
      low24h: 4,
      circulatingSupply: 10,
      maxSupply: null,
      change1h: null,
      change7d: null,
      sparkline7d: null,
    };
    board.crypto("x:usd", coin, 10_000_000);
    const chart = { prices: [[1000, 3]], marketCaps: [[1000, 30]], totalVolumes: [[1000, 1]] } as const;
    const past = board.cryptoChart("x:usd", structuredClone(chart) as never, 5_000);
    expect(past.prices.at(-1)![1]).toBe(3);
    const present = board.cryptoChart("x:usd", structuredClone(chart) as never, 10_000);
    expect(present.prices.at(-1)![1]).toBe(5);
    expect(present.marketCaps.at(-1)![1]).toBe(50);
  });

  it("forgets the least recently seen asset beyond its size", () => {
    const board = createQuoteBoard({ maxEntries: 2 });
    for (const ticker of ["A", "B", "C"]) board.stock({ ...item(1), ticker }, 1000);
    expect(board.stock({ ...item(5), ticker: "A" }, 500).price).toBe(5);
    expect(board.stock({ ...item(5), ticker: "C" }, 500).price).toBe(1);
  });
});
