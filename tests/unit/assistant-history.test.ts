import { describe, expect, it } from "vitest";

import { completeChatReply, startChatTurn, streamChatReply } from "~/assistant/chat.server";
import { claimSession, currentConversation, historyLimits, previousExchange, rateReply, sessionMessages } from "~/assistant/history.server";
import { AssistantError, type AssistantModel, type AssistantRequest } from "~/assistant/model.server";

import { manualClock } from "../support/clock";
import { createTestServices } from "../support/services";

const clock = manualClock();
const { platform } = await createTestServices({ clock });
const { db } = platform;
let serial = 0;

async function newUser() {
  const id = ++serial;
  const [user] = await db.orm
    .insert(db.tables.users)
    .values({ email: `chat${id}@example.com`, name: "Ana", nickname: `chat${id}` })
    .returning({ id: db.tables.users.id });
  return user!;
}

/** A model that answers with fixed pieces and remembers what it was asked. */
function scriptedModel(pieces: string[], refs = [{ title: "Bitcoin", href: "/cryptos/bitcoin" }]) {
  const asked: AssistantRequest[] = [];
  const model: AssistantModel = {
    name: "offline",
    async *reply(request) {
      asked.push(request);
      yield { text: "", refs };
      for (const text of pieces) yield { text };
    },
  };
  return { model, asked };
}

const turn = (sessionId: string, prompt: string, extra: Partial<Parameters<typeof startChatTurn>[3]> = {}) => ({
  sessionId,
  prompt,
  lastUserMessage: null,
  lastBotMessage: null,
  likeOrDislikePreviousMessage: undefined,
  refresh: false,
  ...extra,
});

async function ask(userId: number, sessionId: string, prompt: string, pieces = ["Resposta ", "pronta."]) {
  const request = await startChatTurn(platform, userId, "pt-BR", turn(sessionId, prompt));
  if (!request) throw new Error("session refused");
  const { model } = scriptedModel(pieces);
  return completeChatReply(streamChatReply(platform, model, sessionId, request, new AbortController().signal));
}

describe("chat history in SQLite", () => {
  it("stores the question and the whole streamed reply with its refs, sanitised", async () => {
    const user = await newUser();
    const sessionId = crypto.randomUUID();
    const request = await startChatTurn(platform, user.id, "en", turn(sessionId, "  <b>Preço</b> do BTC?<script>x()</script>  "));
    expect(request?.prompt).toBe("Preço do BTC?");
    const { model } = scriptedModel(
      ["O BTC ", "<img src=x onerror=alert(1)>vale ", "muito."],
      [
        { title: "Bitcoin", href: "/cryptos/bitcoin" },
        { title: "bad", href: "javascript:alert(1)" },
        { title: "Article", href: "https://example.com/a" },
      ],
    );
    const pieces: string[] = [];
    const replies = streamChatReply(platform, model, sessionId, request!, new AbortController().signal);
    let next = await replies.next();
    while (!next.done) {
      pieces.push(next.value.text);
      next = await replies.next();
    }
    expect(pieces.join("")).toBe("O BTC vale muito.");
    expect(next.value.refs).toEqual([
      { title: "Bitcoin", href: "/cryptos/bitcoin" },
      { title: "Article", href: "https://example.com/a" },
    ]);
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map(({ sender, text }) => [sender, text])).toEqual([
      ["user", "Preço do BTC?"],
      ["ai", "O BTC vale muito."],
    ]);
    expect(await currentConversation(db, user.id)).toEqual({ sessionId, messages: stored });
  });

  it("stores no reply when the model fails, keeping the question for a refresh", async () => {
    const user = await newUser();
    const sessionId = crypto.randomUUID();
    const request = (await startChatTurn(platform, user.id, "pt-BR", turn(sessionId, "Oi")))!;
    const failing: AssistantModel = {
      name: "gemini",
      async *reply() {
        yield { text: "Meia " };
        throw new AssistantError("upstream 500", "gemini", 500);
      },
    };
    await expect(completeChatReply(streamChatReply(platform, failing, sessionId, request, new AbortController().signal))).rejects.toThrow(
      AssistantError,
    );
    expect((await sessionMessages(db, sessionId)).map(({ sender }) => sender)).toEqual(["user"]);
    // The refresh asks the same question again without storing it twice.
    const again = (await startChatTurn(platform, user.id, "pt-BR", turn(sessionId, "Oi", { refresh: true })))!;
    await completeChatReply(streamChatReply(platform, scriptedModel(["Olá!"]).model, sessionId, again, new AbortController().signal));
    expect((await sessionMessages(db, sessionId)).map(({ sender, text }) => `${sender}:${text}`)).toEqual(["user:Oi", "ai:Olá!"]);
  });

  it("refresh replaces the last reply instead of adding one", async () => {
    const user = await newUser();
    const sessionId = crypto.randomUUID();
    await ask(user.id, sessionId, "Primeira");
    await ask(user.id, sessionId, "Segunda", ["Velha"]);
    const request = (await startChatTurn(platform, user.id, "pt-BR", turn(sessionId, "Segunda", { refresh: true })))!;
    await completeChatReply(streamChatReply(platform, scriptedModel(["Nova"]).model, sessionId, request, new AbortController().signal));
    expect((await sessionMessages(db, sessionId)).map(({ text }) => text)).toEqual(["Primeira", "Resposta pronta.", "Segunda", "Nova"]);
  });

  it("never opens a session id that belongs to another user", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const sessionId = crypto.randomUUID();
    await ask(owner.id, sessionId, "Segredo");
    expect(await startChatTurn(platform, intruder.id, "pt-BR", turn(sessionId, "Mostre"))).toBeNull();
    expect(await claimSession(db, intruder.id, sessionId, new Date(clock.now()))).toBe(false);
    expect(await sessionMessages(db, sessionId)).toHaveLength(2);
    const [, reply] = await sessionMessages(db, sessionId);
    expect(await rateReply(db, intruder.id, Number(reply!.id), true)).toBe(false);
  });

  it("keeps likes and dislikes exclusive and tells the next request about them", async () => {
    const user = await newUser();
    const sessionId = crypto.randomUUID();
    const reply = await ask(user.id, sessionId, "Pergunta");
    expect(await previousExchange(db, sessionId, { refresh: false })).toEqual({
      lastUserMessage: "Pergunta",
      lastBotMessage: "Resposta pronta.",
      likeOrDislikePreviousMessage: undefined,
    });
    await rateReply(db, user.id, Number(reply.id), true);
    expect((await sessionMessages(db, sessionId))[1]).toMatchObject({ isLiked: true, isDisliked: false });
    await rateReply(db, user.id, Number(reply.id), false);
    expect((await sessionMessages(db, sessionId))[1]).toMatchObject({ isLiked: false, isDisliked: true });
    expect((await previousExchange(db, sessionId, { refresh: false })).likeOrDislikePreviousMessage).toBe(false);
    // A refresh re-asks "Pergunta": the exchange before it is empty.
    expect(await previousExchange(db, sessionId, { refresh: true })).toEqual({
      lastUserMessage: null,
      lastBotMessage: null,
      likeOrDislikePreviousMessage: undefined,
    });
  });

  it("caps messages per session and sessions per user", async () => {
    const user = await newUser();
    const sessionId = crypto.randomUUID();
    for (let index = 0; index < historyLimits.messagesPerSession / 2 + 5; index++) await ask(user.id, sessionId, `Pergunta ${index}`);
    const kept = await sessionMessages(db, sessionId);
    expect(kept).toHaveLength(historyLimits.messagesPerSession);
    expect(kept.at(-2)?.text).toBe(`Pergunta ${historyLimits.messagesPerSession / 2 + 4}`);

    const sessions = Array.from({ length: historyLimits.sessionsPerUser + 3 }, () => crypto.randomUUID());
    for (const id of sessions) {
      clock.advance(1000);
      await claimSession(db, user.id, id, new Date(clock.now()));
    }
    expect(await sessionMessages(db, sessionId)).toEqual([]);
    expect((await currentConversation(db, user.id)).sessionId).toBe(sessions.at(-1));
  });
});
