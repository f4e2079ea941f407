import { z } from "zod";

import { chatPromptMaxLength, type ChatStreamEvents } from "./types";

/** The previous exchange is context, not a new question: generous, but bounded. */
const previousMessageMaxLength = 8000;

/** The original client sends the text "null" when there is no previous message. */
const previousMessage = z.preprocess(
  (value) => (value === "null" || value === undefined ? null : value),
  z.string().max(previousMessageMaxLength).nullable(),
);

const prompt = z
  .string({ error: "errors.promptRequired" })
  .trim()
  .min(1, "errors.promptRequired")
  .max(chatPromptMaxLength, "errors.promptTooLong");

/**
 * Chosen by the client (the app's own pages send a random UUID): any printable ASCII text, with no
 * space at either end. It is a key, never shown as markup.
 */
const sessionIdPattern = /^[\x21-\x7e](?:[\x20-\x7e]{0,126}[\x21-\x7e])?$/;
const sessionId = z.string("errors.invalidSessionId").regex(sessionIdPattern, "errors.invalidSessionId");

/** POST /chat/stream (JSON). */
export const chatStreamRequestSchema = z.object({
  prompt,
  sessionId,
  lastUserMessage: previousMessage,
  lastBotMessage: previousMessage,
  likeOrDislikePreviousMessage: z.boolean().optional(),
  refresh: z.boolean().default(false),
});

/** POST /proxy/ai (JSON): last user message, last bot message, then the prompt. */
export const proxyAiRequestSchema = z.object({
  parts: z.tuple([
    z.object({ text: previousMessage }),
    z.object({ text: previousMessage }),
    z.object({ text: z.string().trim().min(1, "errors.promptRequired").max(previousMessageMaxLength) }),
  ]),
  sessionId,
});

const chatRef = z.object({ title: z.string(), href: z.string() });

/** POST /proxy/ai's answer: the whole stored reply. */
export const assistantReplySchema = z.object({ sessionId: z.string(), text: z.string(), refs: z.array(chatRef) });

/** The data of each server-sent event of POST /chat/stream. */
export const chatStreamEventSchemas = {
  content: z.object({
    sessionId: z.string(),
    text: z.string().describe("The next piece of the reply"),
    refs: z.array(chatRef),
  }) satisfies z.ZodType<ChatStreamEvents["content"]>,
  content_end: z.object({ sessionId: z.string(), messageId: z.string() }) satisfies z.ZodType<ChatStreamEvents["content_end"]>,
  error: z.object({ sessionId: z.string(), error: z.string().describe("In the user's language") }) satisfies z.ZodType<
    ChatStreamEvents["error"]
  >,
};

/** The /chat page's forms (they work without JavaScript): one schema, told apart by `intent`. */
export const chatFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), sessionId, prompt }),
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("reload"), sessionId: sessionId.optional() }),
  z.object({
    intent: z.literal("rate"),
    messageId: z.coerce.number().int().positive(),
    rating: z.enum(["like", "dislike", "none"]),
  }),
]);
