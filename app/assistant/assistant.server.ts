import { getEnv, type AssistantEnv } from "~/platform/env.server";
import { createHostedModel } from "./hosted.server";
import { createGeminiStream } from "./llm/gemini.server";
import { createOpenAiStream } from "./llm/openai.server";
import type { AssistantModel, ChatCompletionStream } from "./model.server";
import { createOfflineModel } from "./offline/index.server";

type HostedEnv = Exclude<AssistantEnv, { provider: "offline" }>;

function streamFor(config: HostedEnv): ChatCompletionStream {
  return config.provider === "gemini" ? createGeminiStream(config) : createOpenAiStream(config);
}

/** The configured hosted model's transport, or null for the offline assistant. */
export function hostedStreamFor(config: AssistantEnv): ChatCompletionStream | null {
  return config.provider === "offline" ? null : streamFor(config);
}

export function modelFor(config: AssistantEnv): AssistantModel {
  return config.provider === "offline" ? createOfflineModel() : createHostedModel(config.provider, streamFor(config));
}

let model: AssistantModel | undefined;

/** The model chosen by the environment (README: "Assistant"); the offline one needs nothing. */
export function getAssistantModel(): AssistantModel {
  model ??= modelFor(getEnv().assistant);
  return model;
}
