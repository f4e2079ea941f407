import { languageNames } from "~/i18n/languages";
import type { Catalogue } from "~/market/catalogue";
import type { MarketService } from "~/market/service.server";

import { marketContextFor } from "./market-context.server";
import type { AssistantModel, AssistantRequest, ChatCompletionInput, ChatCompletionStream } from "./model.server";
import { createAssetFinder } from "./offline/assets.server";

/** Spec section 4: the opinion on the previous reply is told to the model with the next prompt. */
function feedbackSentence(likeOrDislikePreviousMessage: boolean | undefined): string | null {
  if (likeOrDislikePreviousMessage === undefined) return null;
  return likeOrDislikePreviousMessage ? "User liked the previous message." : "User disliked the previous message.";
}

function instructions(request: AssistantRequest, marketLines: string[]): string {
  const rules = [
    "You are the assistant of Market Analytics, a web app with market information (Brazilian and US stocks, cryptocurrencies, news, a currency converter) for beginner investors.",
    `Always answer in ${languageNames[request.language]} (${request.language}), whatever the language of the question.`,
    "Answer questions about financial markets, investing, the economy, cryptocurrencies and this app; politely decline anything else.",
    "Write plain text only: no Markdown, no HTML, no tables, no code. Keep it short (at most about 150 words) and easy for a beginner.",
    "Be educational and neutral: never tell the user to buy, sell or hold a specific asset.",
    "Do not invent prices or figures. When market data from the app is given below, use exactly those numbers and say where they come from.",
  ];
  if (marketLines.length > 0) rules.push("Market data from the app:", ...marketLines.map((line) => `- ${line}`));
  return rules.join("\n");
}

/** The conversation a hosted model sees: the previous exchange, then the prompt with the user's opinion of the last reply. */
export function completionInput(request: AssistantRequest, marketLines: string[]): ChatCompletionInput {
  const turns: ChatCompletionInput["turns"] = [];
  if (request.lastUserMessage && request.lastBotMessage) {
    turns.push({ role: "user", text: request.lastUserMessage }, { role: "assistant", text: request.lastBotMessage });
  }
  const feedback = feedbackSentence(request.likeOrDislikePreviousMessage);
  turns.push({ role: "user", text: feedback ? `${feedback}\n\n${request.prompt}` : request.prompt });
  return { system: instructions(request, marketLines), turns };
}

/**
 * Gemini or an OpenAI-compatible server, given fresh market numbers for the assets the prompt names
 * (found in `catalogue`, indexed once here).
 */
export function createHostedModel(
  name: "gemini" | "openai",
  stream: ChatCompletionStream,
  market: MarketService,
  catalogue: Catalogue,
): AssistantModel {
  const assetFinder = createAssetFinder(catalogue);
  return {
    name,
    async *reply(request, signal) {
      const context = await marketContextFor(request.prompt, request.language, market, assetFinder);
      signal.throwIfAborted();
      yield { text: "", refs: context.refs };
      for await (const text of stream(completionInput(request, context.lines), signal)) yield { text };
    },
  };
}
