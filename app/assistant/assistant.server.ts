import { getEnv, type AssistantEnv } from "~/platform/env.server";
import { createHostedModel } from "./hosted.server";
import { createGeminiStream } from "./llm/gemini.server";
import { createOpenAiStream } from "./llm/openai.server";
import type { AssistantModel } from "./model.server";
import { createOfflineModel } from "./offline/index.server";

export function modelFor(config: AssistantEnv): AssistantModel {
  switch (config.provider) {
    case "gemini":
      return createHostedModel("gemini", createGeminiStream(config));
    case "openai":
      return createHostedModel("openai", createOpenAiStream(config));
    case "offline":
      return createOfflineModel();
  }
}

let model: AssistantModel | undefined;

/** The model chosen by the environment (README: "Assistant"); the offline one needs nothing. */
export function getAssistantModel(): AssistantModel {
  model ??= modelFor(getEnv().assistant);
  return model;
}
