/**
 * Fresh numbers for the hosted models: one line per asset the prompt names, so they quote the
 * app's figures instead of inventing them, and the asset pages as the reply's refs.
 */
import type { Language } from "~/i18n/languages";
import type { MarketService } from "~/market/service.server";

import type { AssetFinder } from "./offline/assets.server";
import { fetchQuote, formatQuote, type Quote } from "./offline/quotes.server";
import { answerText, formatUtcTime } from "./offline/text.server";
import type { ChatRef } from "./types";

function contextLine(quote: Quote, language: Language): string {
  const t = answerText(language);
  const { price, change } = formatQuote(quote, language);
  return t("context.line", {
    name: quote.name,
    code: quote.code,
    price,
    change,
    period: t(quote.asset.kind === "crypto" ? "quote.periodCrypto" : "quote.periodStock"),
    source: t(quote.source === "demo" ? "context.demo" : "context.live"),
    time: formatUtcTime(quote.fetchedAt, language),
  });
}

/** Empty when the prompt names no asset; an asset whose data cannot be had is left out, never thrown. */
export async function marketContextFor(
  prompt: string,
  language: Language,
  market: MarketService,
  { findAssets }: AssetFinder,
): Promise<{ lines: string[]; refs: ChatRef[] }> {
  const assets = findAssets(prompt);
  if (assets.length === 0) return { lines: [], refs: [] };
  const settled = await Promise.allSettled(assets.map(async (asset) => fetchQuote(asset, language, market)));
  const quotes = settled.flatMap((result) => (result.status === "fulfilled" && result.value ? [result.value] : []));
  return {
    lines: quotes.map((quote) => contextLine(quote, language)),
    refs: quotes.map((quote) => ({ title: quote.name, href: quote.href })),
  };
}
