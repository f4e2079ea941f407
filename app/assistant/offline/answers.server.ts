/**
 * The offline answers: plain text in the user's language, built from the market engine's numbers
 * (formatted like the app's pages) and the bundled glossary, with the pages they came from.
 */
import type { Language } from "~/i18n/languages";
import { formatNumber, formatPercent, formatPercentMagnitude } from "~/lib/format";
import { convertAmount, formatMinorUnits, minorUnitsOf, roundToMinorUnits } from "~/market/convert";
import type { MarketService } from "~/market/service.server";
import type { NewsCategory, NewsItem, Sourced, StockListItem } from "~/market/types";
import type { Logger } from "~/platform/logger.server";

import { type GlossaryTerm, glossaryTermName } from "../glossary";
import type { ChatRef } from "../types";
import type { AssetFinder, AssetRef } from "./assets.server";
import type { Intent } from "./intents.server";
import { fetchQuote, formatQuote, type Quote } from "./quotes.server";
import { answerText, formatUtcTime } from "./text.server";
import { containsAnyPhrase, tokenize, wordText } from "./words.server";

export type Answer = { text: string; refs: ChatRef[] };

type Context = { language: Language; market: MarketService; logger: Logger; now: () => number; assetFinder: AssetFinder };

const moversPerSide = 3;
/** The crypto list's first page: movers among established coins, not obscure ones. */
const moverCryptos = { page: 1, perPage: 100, order: "market_cap_desc" } as const;
const newsPerAnswer = 3;

function demoNote(sources: Sourced<unknown>[], language: Language): string[] {
  return sources.some(({ source }) => source === "demo") ? [answerText(language)("demoData")] : [];
}

function sentence(parts: string[]): string {
  return parts.join(" ");
}

function list(items: string[], language: Language): string {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
}

function quoteParagraph(quote: Quote, language: Language): string {
  const t = answerText(language);
  const figures = formatQuote(quote, language);
  const change = quote.change === null ? figures.change : formatPercentMagnitude(quote.change, language);
  const facts = { name: quote.name, code: quote.code, price: figures.price, change };
  const period = t(quote.asset.kind === "crypto" ? "quote.periodCrypto" : "quote.periodStock");
  const direction = quote.change === null ? "noChange" : quote.change > 0 ? "rose" : quote.change < 0 ? "fell" : "flat";
  const parts = [t(`quote.${direction}`, { ...facts, period })];
  if (quote.high !== null && quote.low !== null) {
    parts.push(t(quote.asset.kind === "crypto" ? "quote.rangeCrypto" : "quote.rangeStock", figures));
  }
  if (quote.marketCap !== null) parts.push(t("quote.marketCap", figures));
  if (quote.source === "demo") parts.push(t("demoData"));
  return sentence(parts);
}

async function quoteAnswer(assets: AssetRef[], { language, market }: Context): Promise<Answer> {
  const t = answerText(language);
  const quotes = await Promise.all(assets.map((asset) => fetchQuote(asset, language, market)));
  const paragraphs = assets.map((asset, index) => {
    const quote = quotes[index];
    return quote ? quoteParagraph(quote, language) : t("quote.notFound", { name: asset.name });
  });
  const refs = quotes.flatMap((quote) => (quote ? [{ title: quote.name, href: quote.href }] : []));
  return { text: paragraphs.join("\n"), refs };
}

async function moversAnswer({ language, market }: Context): Promise<Answer> {
  const t = answerText(language);
  const [cryptos, stockGainers, stockLosers] = await Promise.all([
    market.cryptoList(moverCryptos),
    market.stockList({ sortBy: "change", sortOrder: "desc", page: 1, limit: moversPerSide }),
    market.stockList({ sortBy: "change", sortOrder: "asc", page: 1, limit: moversPerSide }),
  ]);
  const coins = cryptos.data.items
    .flatMap(({ name, symbol, change24h: change }) => (change === null ? [] : [{ label: `${name} (${symbol.toUpperCase()})`, change }]))
    .sort((a, b) => b.change - a.change);
  const stocks = (items: StockListItem[]) =>
    items.flatMap(({ ticker, name, changePercent: change }) => (change === null ? [] : [{ label: `${ticker} (${name})`, change }]));
  const line = (key: string, movers: { label: string; change: number }[]) =>
    t(key, {
      list: list(
        movers.map(({ label, change }) => `${label} ${formatPercent(change, language)}`),
        language,
      ),
    });
  const lines = [
    t("movers.title"),
    line("movers.cryptoGainers", coins.slice(0, moversPerSide)),
    line("movers.cryptoLosers", coins.slice(-moversPerSide).reverse()),
    line("movers.stockGainers", stocks(stockGainers.data.items)),
    line("movers.stockLosers", stocks(stockLosers.data.items)),
    sentence([t("movers.disclaimer"), ...demoNote([cryptos, stockGainers, stockLosers], language)]),
  ];
  return {
    text: lines.join("\n"),
    refs: [
      { title: t("pages.cryptos"), href: "/cryptos" },
      { title: t("pages.stocks"), href: "/stocks" },
    ],
  };
}

/** Up to 8 significant digits: enough for 1 BRL in BTC without printing float noise. */
function formatRate(rate: number, language: Language): string {
  return formatNumber(Number(rate.toPrecision(8)), language, 20);
}

async function convertAnswer({ amount, from, to }: Extract<Intent, { kind: "convert" }>, { language, market }: Context): Promise<Answer> {
  const t = answerText(language);
  const rates = await market.rates();
  const table = rates.data;
  const result = convertAmount(amount, from, to, table);
  const href = `/currency-converter?${new URLSearchParams({ amount: String(amount), from, to })}`;
  const refs = [{ title: t("pages.converter"), href }];
  if (!result) return { text: t("convert.unknownCurrency", { code: table.rates[from] === undefined ? from : to }), refs };
  const targetMinorUnits = minorUnitsOf(to, table.kinds[to]);
  const value = roundToMinorUnits(result.value, targetMinorUnits);
  const lines = [
    t("convert.result", {
      amount: formatNumber(amount, language, minorUnitsOf(from, table.kinds[from])),
      from,
      value: formatMinorUnits(value, targetMinorUnits, language),
      to,
    }),
    t("convert.rate", { from, to, rate: formatRate(result.rate, language), inverseRate: formatRate(result.inverseRate, language) }),
    sentence([t("convert.asOf", { time: formatUtcTime(table.timestamp * 1000, language) }), ...demoNote([rates], language)]),
  ];
  return { text: lines.join("\n"), refs };
}

function relativeAge(unixSeconds: number, now: number, language: Language): string {
  const minutes = Math.max(0, Math.round((now - unixSeconds * 1000) / 60_000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (minutes < 60) return format.format(-minutes, "minute");
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), "hour");
  return format.format(-Math.round(minutes / (24 * 60)), "day");
}

/** Tagged with the asset's codes, or naming it in the headline. */
function isAbout(item: NewsItem, asset: AssetRef, { assetMentions }: AssetFinder): boolean {
  const { codes, names } = assetMentions(asset);
  const headline = wordText(tokenize(item.headline));
  return item.related.some((code) => codes.includes(code.toUpperCase())) || containsAnyPhrase(headline, names);
}

/** Coins are covered by the crypto feed; companies by the company feed and, often, the general one. */
function newsCategoriesFor(assets: AssetRef[]): NewsCategory[] {
  if (assets.length === 0) return ["general"];
  const categories = new Set<NewsCategory>();
  for (const { kind } of assets) {
    if (kind === "crypto") categories.add("crypto");
    else categories.add("company").add("general");
  }
  return [...categories];
}

async function newsAnswer(assets: AssetRef[], { language, market, now, assetFinder }: Context): Promise<Answer> {
  const t = answerText(language);
  const newsPage = { title: t("pages.news"), href: "/news" };
  const feeds = await Promise.all(newsCategoriesFor(assets).map((category) => market.news(category, language)));
  const items = [...new Map(feeds.flatMap((feed) => feed.data).map((item) => [item.id, item])).values()]
    .filter((item) => assets.length === 0 || assets.some((asset) => isAbout(item, asset, assetFinder)))
    .sort((a, b) => b.datetime - a.datetime)
    .slice(0, newsPerAnswer);
  const names = list(
    assets.map(({ name }) => name),
    language,
  );
  if (items.length === 0) return { text: t("news.noneAbout", { names }), refs: [newsPage] };
  const header = assets.length === 0 ? t("news.latest") : t("news.about", { names });
  const lines = items.map(({ headline, source, datetime }) =>
    t("news.item", { headline, source, age: relativeAge(datetime, now(), language) }),
  );
  return {
    text: [header, ...lines, ...demoNote(feeds, language)].join("\n"),
    refs: [...items.map((item) => ({ title: item.headline, href: item.url })), newsPage],
  };
}

function termAnswer(term: GlossaryTerm, language: Language): Answer {
  const t = answerText(language);
  const text = t("term.definition", { name: glossaryTermName(term, language), definition: term.definition[language] });
  return { text, refs: term.href ? [{ title: glossaryTermName(term, language), href: term.href }] : [] };
}

const skills = ["quote", "movers", "convert", "news", "term"] as const;

function skillList(language: Language): string[] {
  const t = answerText(language);
  return [t("skills.intro"), ...skills.map((skill) => `• ${t(`skills.${skill}`)}`)];
}

function textOnly(lines: string[]): Answer {
  return { text: lines.join("\n"), refs: [] };
}

/** The answer to `intent`; a market engine failure becomes an "unavailable" answer, never an error. */
export async function answerFor(intent: Intent, context: Context): Promise<Answer> {
  const t = answerText(context.language);
  try {
    switch (intent.kind) {
      case "quote":
        return await quoteAnswer(intent.assets, context);
      case "movers":
        return await moversAnswer(context);
      case "convert":
        return await convertAnswer(intent, context);
      case "news":
        return await newsAnswer(intent.assets, context);
      case "term":
        return termAnswer(intent.term, context.language);
      case "quoteWhich":
        return textOnly([t("quote.which")]);
      case "capabilities":
        return textOnly([t("greeting"), ...skillList(context.language)]);
      case "unknown":
        return textOnly([t("unknown"), ...skillList(context.language)]);
    }
  } catch (error) {
    context.logger.warn("offline assistant: market data unavailable:", String(error));
    return textOnly([t("unavailable")]);
  }
}
