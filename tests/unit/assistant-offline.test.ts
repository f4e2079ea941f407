import { describe, expect, it } from "vitest";

import { findGlossaryTerm, glossaryTermName } from "~/assistant/glossary";
import { marketContextFor } from "~/assistant/market-context.server";
import type { AssistantChunk, AssistantRequest } from "~/assistant/model.server";
import { createAssetFinder } from "~/assistant/offline/assets.server";
import { findAmount } from "~/assistant/offline/currencies.server";
import { createOfflineModel } from "~/assistant/offline/index.server";
import { answerText } from "~/assistant/offline/text.server";
import type { ChatRef } from "~/assistant/types";
import type { Language } from "~/i18n/languages";
import { formatCompactMoney, formatMoney, formatNumber, formatPercent, formatPercentMagnitude } from "~/lib/format";
import { MarketCache } from "~/market/cache.server";
import { type Catalogue, catalogue, type CryptoAsset } from "~/market/catalogue";
import { convertAmount, formatMinorUnits, minorUnitsOf, roundToMinorUnits } from "~/market/convert";
import { createDemoProviders } from "~/market/demo";
import { type MarketProviders, UpstreamError } from "~/market/providers/provider";
import { createMarketService } from "~/market/service.server";
import type { NewsCategory } from "~/market/types";
import { memoryLogger } from "~/platform/logger.server";

/** Wednesday 2026-11-18 15:07:30 UTC: B3 and the US are in session. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const clock = () => NOW;

const market = createMarketService(createDemoProviders(clock), new MarketCache({ clock: { now: clock } }));

function failingProviders(): MarketProviders {
  const fail = async (): Promise<never> => {
    throw new UpstreamError("upstream down", "test", 503);
  };
  return {
    crypto: { source: "live", list: fail, detail: fail, chart: fail, search: fail, trending: fail, quotes: fail },
    stocks: { source: "live", list: fail, detail: fail, quotes: fail },
    fundamentals: { source: "live", facts: fail },
    news: { source: "live", list: fail },
    rates: { source: "live", latest: fail },
    calendar: { source: "live", events: fail },
    indices: { source: "live", quote: fail },
    economy: { source: "live", series: fail, latest: fail },
    cryptoMarket: { source: "live", summary: fail },
  };
}

function request(prompt: string, language: Language, extra: Partial<AssistantRequest> = {}): AssistantRequest {
  return { prompt, language, lastUserMessage: null, lastBotMessage: null, likeOrDislikePreviousMessage: undefined, ...extra };
}

async function collect(stream: AsyncIterable<AssistantChunk>) {
  const chunks: AssistantChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const refs = chunks.reduce<ChatRef[]>((current, chunk) => chunk.refs ?? current, []);
  return { text: chunks.map((chunk) => chunk.text).join(""), refs, chunks };
}

const model = createOfflineModel({ market, catalogue, logger: memoryLogger(), wordDelayMs: 0, now: clock });

function ask(prompt: string, language: Language, extra: Partial<AssistantRequest> = {}) {
  return collect(model.reply(request(prompt, language, extra), new AbortController().signal));
}

function directionOf(change: number | null): "rose" | "fell" | "flat" {
  return (change ?? 0) > 0 ? "rose" : (change ?? 0) < 0 ? "fell" : "flat";
}

async function cryptoFigures(id: string, language: Language) {
  const { data } = await market.cryptoDetail(id, language);
  if (!data) throw new Error(`no demo crypto ${id}`);
  return {
    price: formatMoney(data.price, "USD", language),
    change: formatPercentMagnitude(data.change24h ?? 0, language),
    high: formatMoney(data.high24h, "USD", language),
    marketCap: formatCompactMoney(data.marketCap, "USD", language),
    direction: directionOf(data.change24h),
  };
}

async function stockFigures(ticker: string, language: Language) {
  const { data } = await market.stockDetail(ticker, "1d", language);
  if (!data) throw new Error(`no demo stock ${ticker}`);
  return {
    price: formatMoney(data.price, data.currency, language),
    change: formatPercentMagnitude(data.changePercent ?? 0, language),
    high: formatMoney(data.high, data.currency, language),
    marketCap: formatCompactMoney(data.marketCap, data.currency, language),
    direction: directionOf(data.changePercent),
  };
}

const directionWords = {
  "pt-BR": { rose: "subiu", fell: "caiu", flat: "sem variação" },
  en: { rose: "rose", fell: "fell", flat: "unchanged" },
  es: { rose: "subió", fell: "bajó", flat: "sin variación" },
} as const;

type QuoteCase = { prompt: string; kind: "crypto" | "stock"; id: string; name: string };

const quoteCases: Record<Language, QuoteCase[]> = {
  "pt-BR": [
    { prompt: "quanto está o bitcoin?", kind: "crypto", id: "bitcoin", name: "Bitcoin" },
    { prompt: "preço da PETR4", kind: "stock", id: "PETR4", name: "Petrobras PN" },
    { prompt: "e a vale3?", kind: "stock", id: "VALE3", name: "Vale ON" },
    { prompt: "como está a SOL hoje?", kind: "crypto", id: "solana", name: "Solana" },
    { prompt: "cotação do Itaú", kind: "stock", id: "ITUB4", name: "Itaú Unibanco PN" },
    { prompt: "e a Vale?", kind: "stock", id: "VALE3", name: "Vale ON" },
  ],
  en: [
    { prompt: "how is Apple doing today", kind: "stock", id: "AAPL", name: "Apple Inc." },
    { prompt: "NVDA price", kind: "stock", id: "NVDA", name: "NVIDIA Corporation" },
    { prompt: "what about petr4?", kind: "stock", id: "PETR4", name: "Petrobras PN" },
    { prompt: "BTC", kind: "crypto", id: "bitcoin", name: "Bitcoin" },
  ],
  es: [
    { prompt: "precio de ethereum", kind: "crypto", id: "ethereum", name: "Ethereum" },
    { prompt: "cotización de ITUB4", kind: "stock", id: "ITUB4", name: "Itaú Unibanco PN" },
    { prompt: "¿y bbdc4?", kind: "stock", id: "BBDC4", name: "Bradesco PN" },
    { prompt: "¿cuánto vale ADA?", kind: "crypto", id: "cardano", name: "Cardano" },
  ],
};

/** Everyday words that are also coin symbols: only their capitalised form names the coin. */
const commonWordQuestions: Record<Language, string> = {
  "pt-BR": "vou para a praia tomar sol",
  en: "one more thing: is it sunny today?",
  es: "un día de sol para pasear",
};

const languages: Language[] = ["pt-BR", "en", "es"];

describe.each(languages)("offline assistant in %s", (language) => {
  const t = answerText(language);

  it.each(quoteCases[language])("quotes $prompt with the numbers of the asset's page", async ({ prompt, kind, id, name }) => {
    const { text, refs } = await ask(prompt, language);
    const figures = kind === "crypto" ? await cryptoFigures(id, language) : await stockFigures(id, language);
    expect(text).toContain(name);
    expect(text).toContain(figures.price);
    expect(text).toContain(figures.change);
    expect(text).toContain(figures.high);
    expect(text).toContain(figures.marketCap);
    expect(text).toContain(directionWords[language][figures.direction]);
    expect(text).toContain(t("demoData"));
    expect(refs).toEqual([{ title: name, href: kind === "crypto" ? `/cryptos/${id}` : `/stocks/${id}` }]);
  });

  it("does not take everyday words for coin symbols", async () => {
    const { text, refs } = await ask(commonWordQuestions[language], language);
    expect(refs).toEqual([]);
    expect(text).not.toMatch(/Solana|Harmony/);
  });

  it("compares up to three assets in one answer", async () => {
    const { text, refs } = await ask("compare BTC e ETH", language);
    expect(refs.map((ref) => ref.href)).toEqual(["/cryptos/bitcoin", "/cryptos/ethereum"]);
    expect(text).toContain((await cryptoFigures("ethereum", language)).price);
    expect(text.split("\n")).toHaveLength(2);
  });

  it("names the real top movers, with the disclaimer", async () => {
    const prompts = { "pt-BR": "maiores altas de hoje", en: "top movers", es: "mayores subidas de hoy" };
    const { text, refs } = await ask(prompts[language], language);
    const coins = (await market.cryptoList({ page: 1, perPage: 100, order: "market_cap_desc" })).data.items;
    const [topCoin] = [...coins].sort((a, b) => (b.change24h ?? 0) - (a.change24h ?? 0));
    const [topStock] = (await market.stockList({ sortBy: "change", sortOrder: "desc", page: 1, limit: 1 })).data.items;
    expect(text).toContain(`${topCoin?.name} (${topCoin?.symbol.toUpperCase()}) ${formatPercent(topCoin?.change24h ?? null, language)}`);
    expect(text).toContain(`${topStock?.ticker} (${topStock?.name}) ${formatPercent(topStock?.changePercent ?? null, language)}`);
    expect(text).toContain(t("movers.disclaimer"));
    expect(refs.map((ref) => ref.href)).toEqual(["/cryptos", "/stocks"]);
  });

  const conversions: Record<Language, { prompt: string; amount: number; from: string; to: string }> = {
    "pt-BR": { prompt: "converta 1.234,56 dólares para reais", amount: 1234.56, from: "USD", to: "BRL" },
    en: { prompt: "how much is 2.5 BTC in euros?", amount: 2.5, from: "BTC", to: "EUR" },
    es: { prompt: "¿cuánto son 50 euros en pesos mexicanos?", amount: 50, from: "EUR", to: "MXN" },
  };

  it("converts with the engine's rates, rounded to the target's minor units", async () => {
    const { prompt, amount, from, to } = conversions[language];
    const { text, refs } = await ask(prompt, language);
    const { data: table } = await market.rates();
    const result = convertAmount(amount, from, to, table);
    const value = roundToMinorUnits(result?.value ?? Number.NaN, minorUnitsOf(to));
    expect(text).toContain(
      `${formatNumber(amount, language, minorUnitsOf(from))} ${from} = ${formatMinorUnits(value, minorUnitsOf(to), language)} ${to}`,
    );
    expect(refs).toEqual([{ title: t("pages.converter"), href: `/currency-converter?amount=${amount}&from=${from}&to=${to}` }]);
  });

  it("lists news related to the asset, from the feeds", async () => {
    const cases = { "pt-BR": "notícias sobre a Petrobras", en: "latest news on bitcoin", es: "noticias de Apple" } as const;
    const expected = { "pt-BR": ["PETR4", "company"], en: ["BTC", "crypto"], es: ["AAPL", "company"] } as const;
    const [code, category] = expected[language];
    const { text, refs } = await ask(cases[language], language);
    const feed = (await market.news(category as NewsCategory, language)).data;
    const shown = feed.filter((item) => text.includes(item.headline));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((item) => item.related.includes(code))).toBe(true);
    expect(refs).toEqual(expect.arrayContaining([{ title: shown[0]?.headline, href: shown[0]?.url }]));
    expect(refs.at(-1)?.href).toBe("/news");
  });

  it("gives the latest general headlines when no asset is named", async () => {
    const prompts = { "pt-BR": "últimas notícias", en: "latest news", es: "últimas noticias" };
    const { text } = await ask(prompts[language], language);
    const [newest] = (await market.news("general", language)).data;
    expect(text).toContain(newest?.headline);
  });

  it("explains a term from the glossary in the user's language", async () => {
    const prompts = { "pt-BR": "o que é Selic?", en: "what is staking", es: "qué es un FII" };
    const term = findGlossaryTerm(prompts[language]);
    expect(term).not.toBeNull();
    const { text } = await ask(prompts[language], language);
    expect(text).toContain(term?.definition[language]);
    expect(text.startsWith(term ? glossaryTermName(term, language) : "-")).toBe(true);
  });

  it("answers a greeting with what it can do", async () => {
    const greetings = { "pt-BR": "oi", en: "hello", es: "hola" };
    const { text } = await ask(greetings[language], language);
    expect(text).toContain(t("greeting"));
    expect(text).toContain(t("skills.convert"));
  });

  it("says honestly what it cannot answer offline", async () => {
    const { text, refs } = await ask("Quem ganhou a Copa do Mundo de 1970?", language);
    expect(text.startsWith(t("unknown"))).toBe(true);
    expect(text).toContain(t("skills.intro"));
    expect(refs).toEqual([]);
  });

  it("apologises first when the previous answer was disliked", async () => {
    const disliked = await ask("oi", language, { likeOrDislikePreviousMessage: false });
    expect(disliked.text.startsWith(`${t("apology")}\n`)).toBe(true);
    const liked = await ask("oi", language, { likeOrDislikePreviousMessage: true });
    expect(liked.text.startsWith(t("greeting"))).toBe(true);
  });
});

describe("offline assistant: amounts", () => {
  it.each([
    ["1.234,56", "pt-BR", 1234.56],
    ["1,234.56", "pt-BR", 1234.56],
    ["2,5", "es", 2.5],
    ["2.5", "pt-BR", 2.5],
    ["1.000.000", "en", 1_000_000],
    ["1.000", "pt-BR", 1000],
    ["1.000", "en", 1],
    ["1,000", "en", 1000],
    ["0,005", "pt-BR", 0.005],
  ] as const)("reads %s in %s as %d", (written, language, value) => {
    expect(findAmount(`converta ${written} USD`, language)?.value).toBe(value);
  });

  it("ignores digits inside words", () => {
    expect(findAmount("PETR4 e a variação de 24h", "pt-BR")).toBeNull();
  });
});

describe("offline assistant: conversation and conversions", () => {
  it("reads the English number style and metal names", async () => {
    const { data: table } = await market.rates();
    const { text } = await ask("1 onça de ouro em reais", "pt-BR");
    const value = roundToMinorUnits(convertAmount(1, "XAU", "BRL", table)?.value ?? Number.NaN, 2);
    expect(text).toContain(`1 XAU = ${formatMinorUnits(value, 2, "pt-BR")} BRL`);
    const english = await ask("convert 1,234.5 USD to JPY", "en");
    const yen = roundToMinorUnits(convertAmount(1234.5, "USD", "JPY", table)?.value ?? Number.NaN, 0);
    expect(english.text).toContain(`1,234.5 USD = ${formatMinorUnits(yen, 0, "en")} JPY`);
  });

  it("prices a lone currency in the user's usual one", async () => {
    expect((await ask("quanto está o dólar?", "pt-BR")).text).toMatch(/^1 USD = \d+,\d\d BRL\./);
    expect((await ask("how much is the euro worth?", "en")).text).toMatch(/^1 EUR = \d+\.\d\d USD\./);
  });

  it("follows up on the asset of the previous question", async () => {
    const { text, refs } = await ask("e as notícias?", "pt-BR", { lastUserMessage: "quanto está a Vale?" });
    const feed = (await market.news("company", "pt-BR")).data;
    const valeNews = feed.find((item) => item.related.includes("VALE3"));
    expect(text).toContain(valeNews?.headline);
    expect(refs.some((ref) => ref.href === valeNews?.url)).toBe(true);
  });
});

describe("offline assistant: streaming", () => {
  it("streams word by word after the refs, joining back into the answer", async () => {
    const { text, chunks } = await ask("quanto está o bitcoin?", "pt-BR");
    expect(chunks[0]).toEqual({ text: "", refs: [{ title: "Bitcoin", href: "/cryptos/bitcoin" }] });
    const words = chunks.slice(1);
    expect(words.length).toBeGreaterThan(10);
    expect(words.every((chunk) => /^\S+\s*$/.test(chunk.text) && chunk.refs === undefined)).toBe(true);
    expect(words.map((chunk) => chunk.text).join("")).toBe(text);
  });

  it("stops with an AbortError as soon as the signal aborts, even mid-pause", async () => {
    const slow = createOfflineModel({ market, catalogue, logger: memoryLogger(), wordDelayMs: 10_000, now: clock });
    const controller = new AbortController();
    const stream = slow.reply(request("oi", "en"), controller.signal)[Symbol.asyncIterator]();
    await stream.next();
    await stream.next();
    const started = Date.now();
    const pending = stream.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("does not start when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collect(model.reply(request("oi", "es"), controller.signal))).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("offline assistant: failing market engine", () => {
  const broken = createMarketService(failingProviders(), new MarketCache({ clock: { now: clock }, retries: 0, sleep: async () => {} }));
  const logger = memoryLogger();
  const offline = createOfflineModel({ market: broken, catalogue, logger, wordDelayMs: 0, now: clock });

  it.each(["quanto está o bitcoin?", "maiores altas de hoje", "100 USD em BRL", "notícias sobre a Petrobras"])(
    "answers %s with the unavailable text instead of throwing",
    async (prompt) => {
      const { text, refs } = await collect(offline.reply(request(prompt, "pt-BR"), new AbortController().signal));
      expect(text).toBe(answerText("pt-BR")("unavailable"));
      expect(refs).toEqual([]);
      expect(logger.lines.at(-1)).toMatchObject({
        level: "warn",
        message: expect.stringMatching(/^offline assistant: market data unavailable: /),
      });
    },
  );

  it("still answers what needs no market data", async () => {
    const { text } = await collect(offline.reply(request("hola", "es"), new AbortController().signal));
    expect(text).toContain(answerText("es")("greeting"));
  });
});

describe("offline assistant: the catalogue it is given", () => {
  const zorbcoin: CryptoAsset = {
    id: "zorbcoin",
    symbol: "zrb",
    name: "Zorbcoin",
    categories: [],
    priceUsd: 1,
    volume24hUsd: 1_000_000,
    circulatingSupply: 1_000_000,
    maxSupply: null,
    genesisDate: null,
    homepage: "https://zorbcoin.example",
    volatility: 0.05,
  };
  const made: Catalogue = {
    cryptoAssets: [zorbcoin],
    stockAssets: [],
    currencyRecords: [
      { code: "BRL", kind: "fiat", unitsPerUsd: 5, minorUnits: 2 },
      { code: "ZRB", kind: "crypto", minorUnits: 8 },
    ],
  };
  const offline = createOfflineModel({ market, catalogue: made, logger: memoryLogger(), wordDelayMs: 0, now: clock });
  const t = answerText("pt-BR");

  it("recognises a made-up asset and currency, and none of the real catalogue's", async () => {
    const ask = async (prompt: string) => (await collect(offline.reply(request(prompt, "pt-BR"), new AbortController().signal))).text;
    // The demo market has no such coin: the assistant still names it, from the catalogue it was given.
    expect(await ask("quanto está a Zorbcoin?")).toBe(t("quote.notFound", { name: "Zorbcoin" }));
    expect(await ask("converta 2 ZRB para reais")).toBe(t("convert.unknownCurrency", { code: "ZRB" }));
    expect(await ask("quanto está a PETR4?")).toBe(t("quote.which"));
  });
});

describe("marketContextFor", () => {
  const assetFinder = createAssetFinder(catalogue);

  it("gives one line per named asset with the pages' numbers, source and time", async () => {
    const { lines, refs } = await marketContextFor("compare PETR4 and Bitcoin", "en", market, assetFinder);
    const petrobras = await stockFigures("PETR4", "en");
    const bitcoin = await cryptoFigures("bitcoin", "en");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("PETR4");
    expect(lines[0]).toContain(petrobras.price);
    expect(lines[0]).toContain(petrobras.change);
    expect(lines[1]).toContain("(BTC)");
    expect(lines[1]).toContain(bitcoin.price);
    expect(lines[1]).toContain(bitcoin.change);
    expect(lines.every((line) => line.includes(answerText("en")("context.demo")) && line.includes("UTC"))).toBe(true);
    expect(refs).toEqual([
      { title: "Petrobras PN", href: "/stocks/PETR4" },
      { title: "Bitcoin", href: "/cryptos/bitcoin" },
    ]);
  });

  it("is empty when nothing is named", async () => {
    expect(await marketContextFor("what is inflation?", "pt-BR", market, assetFinder)).toEqual({ lines: [], refs: [] });
  });

  it("drops the assets whose data cannot be had, without throwing", async () => {
    const broken = createMarketService(failingProviders(), new MarketCache({ clock: { now: clock }, retries: 0, sleep: async () => {} }));
    expect(await marketContextFor("how is BTC?", "en", broken, assetFinder)).toEqual({ lines: [], refs: [] });
  });
});
