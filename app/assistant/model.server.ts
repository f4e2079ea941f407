import type { Language } from "~/i18n/languages";

import type { ChatRef } from "./types";

/** One question to the assistant, already trimmed and sanitised. */
export type AssistantRequest = {
  language: Language;
  /** The user's question as typed (without instructions). */
  prompt: string;
  lastUserMessage: string | null;
  lastBotMessage: string | null;
  /** Spec section 4: true liked, false disliked, undefined no opinion on the previous reply. */
  likeOrDislikePreviousMessage: boolean | undefined;
};

/** A piece of the reply; `refs`, when present, replaces the refs sent so far. */
export type AssistantChunk = { text: string; refs?: ChatRef[] };

/** `paced: false` when nobody watches the words arrive (a JSON answer, a plain form post). */
export type ReplyOptions = { paced?: boolean };

export interface AssistantModel {
  readonly name: "offline" | "gemini" | "openai";
  /** Streams the reply; stops (throwing an AbortError) as soon as `signal` aborts. */
  reply(request: AssistantRequest, signal: AbortSignal, options?: ReplyOptions): AsyncIterable<AssistantChunk>;
}

/** A model that could not answer; `status` is the upstream's HTTP status when it answered. */
export class AssistantError extends Error {
  override name = "AssistantError";
  constructor(
    message: string,
    readonly provider: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A system instruction and the conversation so far, for a chat-completion style model. */
export type ChatCompletionInput = {
  system: string;
  turns: { role: "user" | "assistant"; text: string }[];
};

/** The transport of a hosted model: streams the reply's text pieces. */
export type ChatCompletionStream = (input: ChatCompletionInput, signal: AbortSignal) => AsyncIterable<string>;
