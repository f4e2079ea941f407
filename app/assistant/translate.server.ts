import { createHash } from "node:crypto";
import { languageNames, type Language } from "~/i18n/languages";
import type { PersistentStore } from "~/market/cache.server";
import type { MarketProviders } from "~/market/providers/provider";
import type { LocalizedText } from "~/market/types";
import type { ChatCompletionStream } from "./model.server";

export type TextTranslator = (text: LocalizedText, language: Language) => Promise<LocalizedText>;

/**
 * Machine translation of upstream texts (descriptions and profiles) through the
 * configured hosted model. A translation is made once per text and language and kept in SQLite,
 * so a model's quota goes to questions, not to the same description every five minutes. When the
 * model fails the original text is kept (the page says which language it is in).
 */
export function createTextTranslator(stream: ChatCompletionStream, store: PersistentStore): TextTranslator {
  const inFlight = new Map<string, Promise<LocalizedText>>();

  async function translate(source: LocalizedText, language: Language, key: string): Promise<LocalizedText> {
    const system = [
      `Translate the user's text from ${languageNames[source.language]} to ${languageNames[language]}.`,
      "Answer with the translation only. Keep names, tickers, numbers, paragraph breaks and any HTML tags exactly as they are.",
    ].join(" ");
    let translated = "";
    for await (const piece of stream({ system, turns: [{ role: "user", text: source.text }] }, AbortSignal.timeout(60_000))) {
      translated += piece;
    }
    const result = { text: translated.trim(), language };
    if (result.text) store.write(key, result.text, Date.now());
    return result.text ? result : source;
  }

  return async (source, language) => {
    if (source.language === language || !source.text.trim()) return source;
    const key = `translation:${language}:${createHash("sha256").update(source.text).digest("hex")}`;
    const stored = store.read(key);
    if (stored) return { text: stored.value, language };
    let pending = inFlight.get(key);
    if (!pending) {
      pending = translate(source, language, key)
        .catch((error: unknown) => {
          console.warn("translation failed, keeping the original text:", String(error));
          return source;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** The detail calls of the crypto and stock providers, with their descriptions in the visitor's language. */
export function withTranslatedDescriptions(providers: MarketProviders, translate: TextTranslator): MarketProviders {
  const { crypto, stocks } = providers;
  return {
    ...providers,
    crypto: {
      ...crypto,
      async detail(id, language, currency) {
        const detail = await crypto.detail(id, language, currency);
        if (!detail?.description) return detail;
        return { ...detail, description: await translate(detail.description, language) };
      },
    },
    stocks: {
      ...stocks,
      async detail(ticker, options) {
        const detail = await stocks.detail(ticker, options);
        const summary = detail?.profile.longBusinessSummary;
        if (!detail || !summary) return detail;
        return { ...detail, profile: { ...detail.profile, longBusinessSummary: await translate(summary, options.language) } };
      },
    },
  };
}
