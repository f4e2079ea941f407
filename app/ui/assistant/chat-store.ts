import { createParser } from "eventsource-parser";

import type { ChatMessage, ChatRef, ChatStreamEvents } from "~/assistant/types";

/**
 * The conversation in the browser, shared by the floating panel and the /chat page so both show
 * the same messages across client navigations. The greeting is not part of it: it is rendered.
 */
export type ChatState = {
  sessionId: string | null;
  messages: ChatMessage[];
  streaming: boolean;
  /** A translated message when the last request failed. */
  error: string | null;
};

let state: ChatState = { sessionId: null, messages: [], streaming: false, error: null };
const listeners = new Set<() => void>();

function update(change: Partial<ChatState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function updateMessage(id: string, change: (message: ChatMessage) => ChatMessage) {
  update({ messages: state.messages.map((message) => (message.id === id ? change(message) : message)) });
}

export const chatStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

/** What the server has stored; ignored while a reply is streaming, which is newer. */
export function loadConversation(conversation: { sessionId: string; messages: ChatMessage[] }) {
  if (state.streaming) return;
  update({ sessionId: conversation.sessionId, messages: conversation.messages, error: null });
}

const localId = () => `local-${crypto.randomUUID()}`;

/** Posts one of the /chat page's forms without leaving the page (the same forms work without JavaScript). */
function postChatForm(fields: Record<string, string>) {
  return fetch("/chat", { method: "POST", body: new URLSearchParams(fields), redirect: "manual" }).catch(() => undefined);
}

async function errorMessageOf(response: Response, fallback: string) {
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : fallback;
}

/** The previous exchange before `messages`' end, as the request carries it. */
function previousExchange(messages: ChatMessage[]) {
  const lastReply = messages.findLast((message) => message.sender === "ai");
  const lastQuestion = messages.findLast((message) => message.sender === "user");
  return {
    lastUserMessage: lastQuestion?.text ?? null,
    lastBotMessage: lastReply?.text ?? null,
    likeOrDislikePreviousMessage: lastReply?.isLiked ? true : lastReply?.isDisliked ? false : undefined,
  };
}

async function ask(prompt: string, history: ChatMessage[], refresh: boolean, genericError: string) {
  const sessionId = state.sessionId ?? crypto.randomUUID();
  const replyId = localId();
  const question: ChatMessage = { id: localId(), text: prompt, sender: "user", refs: [], isLiked: false, isDisliked: false };
  const reply: ChatMessage = { id: replyId, text: "", sender: "ai", refs: [], isLiked: false, isDisliked: false };
  update({ sessionId, messages: [...history, question, reply], streaming: true, error: null });

  const fail = (message: string) => {
    update({ messages: state.messages.filter((message) => message.id !== replyId || message.text), error: message });
  };
  try {
    const response = await fetch("/chat/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ prompt, sessionId, ...previousExchange(history), refresh }),
    });
    if (!response.ok || !response.body) return fail(await errorMessageOf(response, genericError));
    let finished = false;
    const parser = createParser({
      onEvent(event) {
        if (event.event === "content") {
          const { text, refs } = JSON.parse(event.data) as ChatStreamEvents["content"];
          updateMessage(replyId, (message) => ({ ...message, text: message.text + text, refs: refs as ChatRef[] }));
        } else if (event.event === "content_end") {
          const { messageId } = JSON.parse(event.data) as ChatStreamEvents["content_end"];
          finished = true;
          updateMessage(replyId, (message) => ({ ...message, id: messageId }));
        } else if (event.event === "error") {
          finished = true;
          fail((JSON.parse(event.data) as ChatStreamEvents["error"]).error);
        }
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
    if (!finished) fail(genericError);
  } catch {
    fail(genericError);
  } finally {
    update({ streaming: false });
  }
}

/** Sends a question; blank text or a reply in progress sends nothing. */
export function sendPrompt(text: string, genericError: string): boolean {
  const prompt = text.trim();
  if (!prompt || state.streaming) return false;
  void ask(prompt, state.messages, false, genericError);
  return true;
}

/** Removes the last reply and asks its question again. */
export function refreshLastReply(genericError: string) {
  const lastQuestionIndex = state.messages.findLastIndex((message) => message.sender === "user");
  const question = state.messages[lastQuestionIndex];
  if (!question || state.streaming) return;
  void ask(question.text, state.messages.slice(0, lastQuestionIndex), true, genericError);
}

/** A new session with only the greeting; the server makes it the current one. */
export function reloadChat() {
  if (state.streaming || state.messages.length === 0) return false;
  const sessionId = crypto.randomUUID();
  update({ sessionId, messages: [], error: null });
  void postChatForm({ intent: "reload", sessionId });
  return true;
}

/** Like and dislike are exclusive toggles; stored replies keep the choice on the server too. */
export function rateReply(messageId: string, rating: "like" | "dislike") {
  const message = state.messages.find(({ id }) => id === messageId);
  if (!message) return;
  const turningOff = rating === "like" ? message.isLiked : message.isDisliked;
  updateMessage(messageId, (current) => ({
    ...current,
    isLiked: rating === "like" && !turningOff,
    isDisliked: rating === "dislike" && !turningOff,
  }));
  if (!messageId.startsWith("local-")) void postChatForm({ intent: "rate", messageId, rating: turningOff ? "none" : rating });
}
