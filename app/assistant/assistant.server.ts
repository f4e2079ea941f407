import type { Catalogue } from "~/market/catalogue";
import type { MarketService } from "~/market/service.server";
import type { Clock } from "~/platform/clock";
import type { AssistantEnv } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";

import { createHostedModel } from "./hosted.server";
import { createGeminiStream } from "./llm/gemini.server";
import { createOpenAiStream } from "./llm/openai.server";
import type { AssistantModel, ChatCompletionStream } from "./model.server";
import { createOfflineModel } from "./offline/index.server";
import { createTextTranslator, type TextTranslator, type TranslationStore } from "./translate.server";

type HostedEnv = Exclude<AssistantEnv, { provider: "offline" }>;

function streamFor(config: HostedEnv): ChatCompletionStream {
  return config.provider === "gemini" ? createGeminiStream(config) : createOpenAiStream(config);
}

/** The model chosen by the configuration (README: "Assistant"); the offline one needs nothing but the market and the catalogue. */
export function modelFor(
  config: AssistantEnv,
  market: MarketService,
  { clock, logger, catalogue }: { clock: Clock; logger: Logger; catalogue: Catalogue },
): AssistantModel {
  return config.provider === "offline"
    ? createOfflineModel({ market, logger, catalogue, now: () => clock.now() })
    : createHostedModel(config.provider, streamFor(config), market, catalogue);
}

/** With a hosted model configured, a translator of upstream texts through it; none for the offline assistant. */
export function translatorFor(
  config: AssistantEnv,
  store: TranslationStore,
  services: { clock: Clock; logger: Logger },
): TextTranslator | undefined {
  return config.provider === "offline" ? undefined : createTextTranslator(streamFor(config), store, services);
}
