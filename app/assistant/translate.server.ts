import { createHash } from "node:crypto";

import { type Language, languageNames } from "~/i18n/languages";
import type { Clock } from "~/platform/clock";
import type { Logger } from "~/platform/logger.server";

import type { ChatCompletionStream } from "./model.server";

/** An upstream text and the language it is written in. */
type TextInLanguage = { text: string; language: Language };

/** Where translations are kept once made (the market's cache table in the app, memory in tests). */
export type TranslationStore = {
  read(key: string): Promise<{ value: string } | undefined>;
  write(key: string, value: string, madeAt: number): Promise<void>;
};

export type TextTranslator = (text: TextInLanguage, language: Language) => Promise<TextInLanguage>;

/**
 * Machine translation of upstream texts (descriptions and profiles) through the
 * configured hosted model. A translation is made once per text and language and kept in `store`,
 * so a model's quota goes to questions, not to the same description every five minutes. When the
 * model fails the original text is kept (the page says which language it is in).
 */
export function createTextTranslator(
  stream: ChatCompletionStream,
  store: TranslationStore,
  { clock, logger }: { clock: Clock; logger: Logger },
): TextTranslator {
  const inFlight = new Map<string, Promise<TextInLanguage>>();

  async function translate(source: TextInLanguage, language: Language, key: string): Promise<TextInLanguage> {
    const system = [
      `Translate the user's text from ${languageNames[source.language]} to ${languageNames[language]}.`,
      "Answer with the translation only. Keep names, tickers, numbers, paragraph breaks and any HTML tags exactly as they are.",
    ].join(" ");
    let translated = "";
    for await (const piece of stream({ system, turns: [{ role: "user", text: source.text }] }, AbortSignal.timeout(60_000))) {
      translated += piece;
    }
    const result = { text: translated.trim(), language };
    if (result.text) await store.write(key, result.text, clock.now());
    return result.text ? result : source;
  }

  return async (source, language) => {
    if (source.language === language || !source.text.trim()) return source;
    const key = `translation:${language}:${createHash("sha256").update(source.text).digest("hex")}`;
    const stored = await store.read(key);
    if (stored) return { text: stored.value, language };
    let pending = inFlight.get(key);
    if (!pending) {
      pending = translate(source, language, key)
        .catch((error: unknown) => {
          logger.warn("translation failed, keeping the original text:", String(error));
          return source;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
