/**
 * The default assistant: no key, no network. It answers from the app's own market engine and the
 * bundled glossary, streamed word by word like the hosted models.
 */
import { setTimeout as delay } from "node:timers/promises";

import type { Catalogue } from "~/market/catalogue";
import type { MarketService } from "~/market/service.server";
import type { Logger } from "~/platform/logger.server";

import type { AssistantModel } from "../model.server";
import { answerFor } from "./answers.server";
import { createAssetFinder } from "./assets.server";
import { createCurrencyFinder } from "./currencies.server";
import { type Finders, intentOf } from "./intents.server";
import { answerText } from "./text.server";

export type OfflineModelOptions = {
  /** The app's market engine; tests pass one with a fixed clock. */
  market: MarketService;
  /** The assets and currencies it recognises in questions, indexed once when the model is made. */
  catalogue: Catalogue;
  /** Told when the market engine cannot answer. */
  logger: Logger;
  /** Pause between words, so the reply reads like it is being written. */
  wordDelayMs?: number;
  now?: () => number;
};

const defaultWordDelayMs = 15;

/** Each word with the whitespace that follows it, so the pieces join back into the text. */
function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

export function createOfflineModel(options: OfflineModelOptions): AssistantModel {
  const wordDelayMs = options.wordDelayMs ?? defaultWordDelayMs;
  const now = options.now ?? Date.now;
  const assetFinder = createAssetFinder(options.catalogue);
  const finders: Finders = { assetFinder, currencyFinder: createCurrencyFinder(options.catalogue) };
  return {
    name: "offline",
    async *reply(request, signal, { paced = true } = {}) {
      const { language } = request;
      const { market, logger } = options;
      const answer = await answerFor(intentOf(request, finders), { language, market, logger, now, assetFinder });
      signal.throwIfAborted();
      const apology = request.likeOrDislikePreviousMessage === false ? `${answerText(language)("apology")}\n` : "";
      yield { text: "", refs: answer.refs };
      for (const word of words(apology + answer.text)) {
        signal.throwIfAborted();
        yield { text: word };
        if (paced && wordDelayMs > 0) await delay(wordDelayMs, undefined, { signal });
      }
    },
  };
}
