import type { RouterContextProvider } from "react-router";
import type { z } from "zod";

import { getUser } from "~/account/current-user";
import type { SessionUser } from "~/account/users.server";
import type { Language } from "~/i18n/languages";
import { getInstance } from "~/i18n/middleware.server";
import type { Clock } from "~/platform/clock";
import { platformOf } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";
import { jsonError } from "~/platform/http.server";
import type { RateLimit } from "~/platform/rate-limit.server";
import { clientAddressContext } from "~/platform/request-context";

import { appendMessage, claimSession, dropLastReply, pendingQuestion } from "./history.server";
import { AssistantError, type AssistantModel, type AssistantRequest, type ReplyOptions } from "./model.server";
import { sanitizeDeep, sanitizeText } from "./sanitize.server";
import type { ChatMessage, ChatRef } from "./types";

/** A conversation pace, not a script's: 20 questions a minute per account and per address. */
const chatLimits = {
  account: { name: "chat:account", limit: 20, windowMs: 60_000 },
  address: { name: "chat:address", limit: 20, windowMs: 60_000 },
} satisfies Record<string, RateLimit>;

/** The translated refusal when this question is over the pace for its account or address, else null. */
export async function chatRateLimitRefusal(context: Readonly<RouterContextProvider>, userId: number) {
  const verdict = await platformOf(context).rateLimiter.hit([
    [chatLimits.address, context.get(clientAddressContext)],
    [chatLimits.account, String(userId)],
  ]);
  if (verdict.allowed) return null;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  return {
    message: getInstance(context).t("assistant:errors.tooManyMessages", { minutes }),
    retryAfterSeconds: verdict.retryAfterSeconds,
  };
}

/**
 * The checks every JSON chat call makes before the model is asked: a signed-in user, a body that
 * fits `schema`, within the rate limit. A refusal is the response to send, translated.
 */
export async function readChatApiRequest<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: Schema,
): Promise<{ refused: Response } | { refused: null; user: SessionUser; body: z.output<Schema> }> {
  const t = getInstance(context).t;
  const user = getUser(context);
  if (!user) return { refused: jsonError(401, t("assistant:errors.signInToChat")) };
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message;
    return { refused: jsonError(400, t(`assistant:${key?.startsWith("errors.") ? key : "errors.invalidRequest"}`)) };
  }
  const refusal = await chatRateLimitRefusal(context, user.id);
  if (refusal) return { refused: jsonError(429, refusal.message, { "Retry-After": String(refusal.retryAfterSeconds) }) };
  return { refused: null, user, body: parsed.data };
}

/** The chat request's fields, plus `refresh` (ask the last question again). */
export type ChatTurnInput = {
  sessionId: string;
  prompt: string;
  lastUserMessage: string | null;
  lastBotMessage: string | null;
  likeOrDislikePreviousMessage?: boolean | undefined;
  refresh: boolean;
};

/** Where a conversation is kept, and the time its messages are stored at. */
export type ChatStore = { db: AppDatabase; clock: Clock };

/**
 * Stores the question in the user's session and returns what the model is asked, or null when the
 * session id belongs to someone else.
 */
export async function startChatTurn(
  { db, clock }: ChatStore,
  userId: number,
  language: Language,
  input: ChatTurnInput,
): Promise<AssistantRequest | null> {
  // The session id is an opaque key the reply is stored under: sanitising it would store the reply elsewhere.
  const { sessionId, ...texts } = input;
  const clean = sanitizeDeep(texts);
  const prompt = clean.prompt.trim();
  if (!(await claimSession(db, userId, sessionId, new Date(clock.now())))) return null;
  if (clean.refresh) await dropLastReply(db, sessionId);
  if (!clean.refresh || (await pendingQuestion(db, sessionId)) !== prompt) {
    await appendMessage(db, sessionId, { sender: "user", text: prompt }, new Date(clock.now()));
  }
  return {
    language,
    prompt,
    lastUserMessage: clean.lastUserMessage,
    lastBotMessage: clean.lastBotMessage,
    likeOrDislikePreviousMessage: clean.likeOrDislikePreviousMessage,
  };
}

/** Only our own pages and web articles: a model's ref can never become a javascript: link. */
function safeRefs(refs: ChatRef[]): ChatRef[] {
  return sanitizeDeep(refs).filter(({ title, href }) => title.trim() && (/^\/(?!\/)/.test(href) || /^https?:\/\//i.test(href)));
}

/**
 * Streams the reply as sanitised pieces and stores it once complete. Throws AssistantError when the
 * model fails (nothing is stored) and the abort reason when the client goes away.
 */
export async function* streamChatReply(
  { db, clock }: ChatStore,
  model: AssistantModel,
  sessionId: string,
  request: AssistantRequest,
  signal: AbortSignal,
  { paced = true, keepPartialWhen }: ReplyOptions & { keepPartialWhen?: AbortSignal } = {},
): AsyncGenerator<{ text: string; refs: ChatRef[] }, ChatMessage> {
  let reply = "";
  let refs: ChatRef[] = [];
  try {
    for await (const chunk of model.reply(request, signal, { paced })) {
      if (chunk.refs) refs = safeRefs(chunk.refs);
      const text = sanitizeText(chunk.text);
      reply += text;
      yield { text, refs };
    }
  } catch (error) {
    // Cut short on purpose (a shutdown): the history keeps what the user already read.
    const partial = sanitizeText(reply).trim();
    if (keepPartialWhen?.aborted && partial)
      await appendMessage(db, sessionId, { sender: "ai", text: partial, refs }, new Date(clock.now()));
    throw error;
  }
  const text = sanitizeText(reply).trim();
  if (!text) throw new AssistantError("the model returned an empty reply", model.name);
  return appendMessage(db, sessionId, { sender: "ai", text, refs }, new Date(clock.now()));
}

/** The whole stored reply, for callers that do not stream. */
export async function completeChatReply(replies: AsyncGenerator<unknown, ChatMessage>): Promise<ChatMessage> {
  let next = await replies.next();
  while (!next.done) next = await replies.next();
  return next.value;
}
