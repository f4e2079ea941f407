import { createParser } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { completionInput, createHostedModel } from "~/assistant/hosted.server";
import { createGeminiStream } from "~/assistant/llm/gemini.server";
import { createOpenAiStream } from "~/assistant/llm/openai.server";
import type { AssistantChunk, AssistantModel } from "~/assistant/model.server";
import { catalogue } from "~/market/catalogue";
import type { Services } from "~/services.server";

import { fakeLlmKeys, type FakeLlmServer, startFakeLlmServer } from "../support/fake-llm-server";
import { callRoute, signedInUser } from "../support/route-call";
import { sharedTestServices } from "../support/services";

// Before any account is made: the file's routes and accounts share these services' database.
beforeAll(async () => {
  await sharedTestServices();
});

const origin = "http://localhost";

async function routes() {
  return {
    stream: await import("~/routes/chat-stream"),
    proxyAi: await import("~/routes/proxy/ai"),
    chat: await import("~/routes/chat"),
    history: await import("~/assistant/history.server"),
    db: (await sharedTestServices()).platform.db,
  };
}

function postJson(url: string, cookie: string, body: unknown, signal?: AbortSignal) {
  return new Request(`${origin}${url}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  });
}

/** A resource route's answer: always a Response. */
async function callResource(handler: Parameters<typeof callRoute>[0], request: Request, services?: Services): Promise<Response> {
  const { response } = await callRoute(handler, request, {}, services);
  if (!response) throw new Error("a resource route must answer with a Response");
  return response;
}

type Event = { event: string | undefined; data: any };

/** Reads a server-sent event stream to its end (or until `stopAfter` events). */
async function readEvents(response: Response, stopAfter = Infinity): Promise<Event[]> {
  const events: Event[] = [];
  const parser = createParser({ onEvent: (event) => events.push({ event: event.event, data: JSON.parse(event.data) }) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  while (events.length < stopAfter) {
    const chunk = await reader.read();
    if (chunk.done) break;
    parser.feed(decoder.decode(chunk.value, { stream: true }));
  }
  await reader.cancel();
  return events;
}

const chatRequest = (sessionId: string, prompt: string) => ({
  prompt,
  sessionId,
  lastUserMessage: "null",
  lastBotMessage: null,
});

describe("POST /chat/stream", () => {
  it("streams the reply as content events, ends with content_end and stores it", async () => {
    const { stream, history, db } = await routes();
    const { cookie } = await signedInUser({ language: "pt-BR" });
    const sessionId = crypto.randomUUID();
    const result = await callResource(stream.action, postJson("/chat/stream", cookie, chatRequest(sessionId, "Qual o preço do bitcoin?")));
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(result.headers.get("Cache-Control")).toContain("no-transform");
    const events = await readEvents(result);
    const contents = events.filter(({ event }) => event === "content");
    expect(contents.length).toBeGreaterThan(5);
    expect(contents.every(({ data }) => data.sessionId === sessionId)).toBe(true);
    const end = events.at(-1)!;
    expect(end.event).toBe("content_end");
    const stored = await history.sessionMessages(db, sessionId);
    expect(stored.map(({ sender }) => sender)).toEqual(["user", "ai"]);
    expect(end.data).toEqual({ sessionId, messageId: stored[1]!.id });
    expect(
      contents
        .map(({ data }) => data.text)
        .join("")
        .trim(),
    ).toBe(stored[1]!.text);
    expect(stored[1]!.text).toContain("Bitcoin");
    expect(contents.at(-1)!.data.refs).toContainEqual({ title: expect.stringContaining("Bitcoin"), href: "/cryptos/bitcoin" });
  });

  it("refuses visitors, bad bodies, over-long prompts and other people's sessions with translated messages", async () => {
    const { stream } = await routes();
    const { cookie } = await signedInUser({ language: "en" });
    const anonymous = await callResource(stream.action, postJson("/chat/stream", "i18next=en", chatRequest(crypto.randomUUID(), "Hi")));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: "Sign in to chat with the assistant.", status: 401 });

    for (const [body, message] of [
      ["{not json", "Invalid request to the assistant."],
      [{ ...chatRequest(crypto.randomUUID(), "   ") }, "Write a question."],
      [{ ...chatRequest(crypto.randomUUID(), "x".repeat(1001)) }, "The question can have at most 1000 characters."],
      [
        { ...chatRequest("", "Hi") },
        "The conversation id (sessionId) must be 1 to 128 printable ASCII characters, with no space at either end.",
      ],
      [
        { ...chatRequest("x".repeat(129), "Hi") },
        "The conversation id (sessionId) must be 1 to 128 printable ASCII characters, with no space at either end.",
      ],
      [
        { ...chatRequest(" padded", "Hi") },
        "The conversation id (sessionId) must be 1 to 128 printable ASCII characters, with no space at either end.",
      ],
      [
        { ...chatRequest("tab\there", "Hi") },
        "The conversation id (sessionId) must be 1 to 128 printable ASCII characters, with no space at either end.",
      ],
      [
        { ...chatRequest(42 as unknown as string, "Hi") },
        "The conversation id (sessionId) must be 1 to 128 printable ASCII characters, with no space at either end.",
      ],
      [{ prompt: "Hi", sessionId: crypto.randomUUID(), likeOrDislikePreviousMessage: "yes" }, "Invalid request to the assistant."],
    ] as const) {
      const result = await callResource(stream.action, postJson("/chat/stream", cookie, body));
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect((await result.json()).message).toBe(message);
    }

    const owner = await signedInUser();
    const taken = crypto.randomUUID();
    await readEvents(await callResource(stream.action, postJson("/chat/stream", owner.cookie, chatRequest(taken, "Oi"))));
    const intruder = await callResource(stream.action, postJson("/chat/stream", cookie, chatRequest(taken, "Show me")));
    expect(intruder.status).toBe(409);
    expect(await intruder.json()).toMatchObject({
      status: 409,
      error: "Conflict",
      message: "This conversation id (sessionId) already belongs to another account. Use a new id.",
    });
  });

  it("limits each user's pace with a translated 429", async () => {
    const { stream } = await routes();
    const { cookie } = await signedInUser({ language: "es" });
    const sessionId = crypto.randomUUID();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const result = await callResource(stream.action, postJson("/chat/stream", cookie, chatRequest(sessionId, "Hola")));
      statuses.push(result.status);
      // Stopping reading stops the reply: the limit counts questions, not finished answers.
      if (result.status === 200) await result.body?.cancel();
      else {
        expect(result.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect((await result.json()).message).toMatch(/^Enviaste demasiados mensajes/);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });

  it("stops generating and stores no reply when the client goes away", async () => {
    const { stream, history, db } = await routes();
    const { cookie } = await signedInUser();
    // Two pieces, then nothing more until the reply is stopped.
    let stopped!: () => void;
    const generationStopped = new Promise<void>((resolve) => (stopped = resolve));
    const model: AssistantModel = {
      name: "offline",
      async *reply(_request, signal) {
        yield { text: "Hello" };
        yield { text: " there" };
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        stopped();
        throw signal.reason;
      },
    };
    const services = { ...(await sharedTestServices()), assistant: model };
    const sessionId = crypto.randomUUID();
    const client = new AbortController();
    const result = await callResource(
      stream.action,
      postJson("/chat/stream", cookie, chatRequest(sessionId, "what can you do?"), client.signal),
      services,
    );
    const firstEvents = await readEvents(result, 2);
    expect(firstEvents.map(({ event }) => event)).toEqual(["content", "content"]);
    client.abort();
    await generationStopped;
    expect((await history.sessionMessages(db, sessionId)).map(({ sender }) => sender)).toEqual(["user"]);
  });
});

describe("POST /proxy/ai", () => {
  it("answers the whole reply as JSON from three parts", async () => {
    const { proxyAi, history, db } = await routes();
    const { cookie } = await signedInUser({ language: "en" });
    const sessionId = crypto.randomUUID();
    const parts = [{ text: null }, { text: null }, { text: "<script>alert(1)</script>What is the Selic rate?" }];
    const result = await callResource(proxyAi.action, postJson("/proxy/ai", cookie, { parts, sessionId }));
    expect(result.status).toBe(200);
    const body = await result.json();
    expect(body.sessionId).toBe(sessionId);
    expect(body.text).toMatch(/Copom/);
    expect((await history.sessionMessages(db, sessionId)).map(({ text }) => text)).toEqual(["What is the Selic rate?", body.text]);
  });

  it("accepts any client-made session id and says so when one belongs to another account", async () => {
    const { proxyAi, history, db } = await routes();
    const owner = await signedInUser({ language: "en" });
    const other = await signedInUser({ language: "pt-BR" });
    const parts = [{ text: null }, { text: null }, { text: "What is the Selic rate?" }];
    for (const sessionId of ["1", `client:${"<b>&".repeat(3)} chat 42`, "x".repeat(128)]) {
      const result = await callResource(proxyAi.action, postJson("/proxy/ai", owner.cookie, { parts, sessionId }));
      expect(result.status, sessionId).toBe(200);
      expect((await result.json()).sessionId).toBe(sessionId);
      expect(
        (await history.sessionMessages(db, sessionId)).map(({ sender }) => sender),
        sessionId,
      ).toEqual(["user", "ai"]);
    }
    const foreign = await callResource(proxyAi.action, postJson("/proxy/ai", other.cookie, { parts, sessionId: "1" }));
    expect(foreign.status).toBe(409);
    expect(await foreign.json()).toMatchObject({
      status: 409,
      message: "Este identificador de conversa (sessionId) já pertence a outra conta. Use um novo identificador.",
    });
    expect(await history.sessionMessages(db, "1")).toHaveLength(2);
  });

  it("refuses a malformed body and visitors", async () => {
    const { proxyAi } = await routes();
    const { cookie } = await signedInUser({ language: "pt-BR" });
    const bad = await callResource(
      proxyAi.action,
      postJson("/proxy/ai", cookie, { parts: [{ text: "only one" }], sessionId: crypto.randomUUID() }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Pedido inválido para o assistente.");
    const anonymous = await callResource(proxyAi.action, postJson("/proxy/ai", "", { parts: [], sessionId: "x" }));
    expect(anonymous.status).toBe(401);
  });
});

describe("the /chat page without JavaScript", () => {
  function postForm(cookie: string, fields: Record<string, string>) {
    return new Request(`${origin}/chat`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body: new URLSearchParams(fields),
    });
  }

  it("asks, rates, refreshes and reloads through forms, keeping the conversation in SQLite", async () => {
    const { chat } = await routes();
    const { cookie } = await signedInUser({ language: "pt-BR" });
    const load = async () =>
      (await callRoute(chat.loader, new Request(`${origin}/chat`, { headers: { Cookie: cookie } }))).body.conversation;
    const first = await load();
    const { sessionId } = first;
    expect(first.messages).toEqual([]);

    const sent = await callRoute(chat.action, postForm(cookie, { intent: "send", sessionId, prompt: "Quanto está a PETR4?" }));
    expect(sent.status).toBe(302);
    expect(sent.response?.headers.get("Location")).toBe("/chat#chat-composer");
    const afterSend = await load();
    expect(afterSend.sessionId).toBe(sessionId);
    const [question, reply] = afterSend.messages;
    expect(question.text).toBe("Quanto está a PETR4?");
    expect(reply.text).toContain("PETR4");

    await callRoute(chat.action, postForm(cookie, { intent: "refresh" }));
    const refreshed = await load();
    expect(refreshed.messages).toHaveLength(2);
    expect(refreshed.messages[1].id).not.toBe(reply.id);
    expect(refreshed.messages[1].text).toContain("PETR4");

    await callRoute(chat.action, postForm(cookie, { intent: "rate", messageId: refreshed.messages[1].id, rating: "dislike" }));
    expect((await load()).messages[1]).toMatchObject({ isLiked: false, isDisliked: true });
    await callRoute(chat.action, postForm(cookie, { intent: "send", sessionId, prompt: "E a VALE3?" }));
    // The dislike travelled with the next question: the offline assistant apologises.
    expect((await load()).messages[3].text).toMatch(/^Desculpe/);

    const blank = await callRoute(chat.action, postForm(cookie, { intent: "send", sessionId, prompt: "  " }));
    expect(blank.body).toEqual({ error: "Escreva uma pergunta." });

    const reloaded = await callRoute(chat.action, postForm(cookie, { intent: "reload" }));
    expect(reloaded.status).toBe(302);
    const fresh = await load();
    expect(fresh.sessionId).not.toBe(sessionId);
    expect(fresh.messages).toEqual([]);
  });
});

describe("hosted models", () => {
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await startFakeLlmServer();
  });
  afterAll(() => fake.close());

  async function collect(stream: AsyncIterable<AssistantChunk>) {
    const chunks: AssistantChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  }

  const request = {
    language: "pt-BR" as const,
    prompt: "Quanto está o bitcoin?",
    lastUserMessage: "O que é Selic?",
    lastBotMessage: "A Selic é a taxa básica de juros.",
    likeOrDislikePreviousMessage: true,
  };

  it("tells the model the language, the rules, the previous exchange, the feedback and fresh market numbers", () => {
    const input = completionInput(request, ["Bitcoin (BTC): US$ 67.000,00"]);
    expect(input.system).toContain("Always answer in Português (Brasil) (pt-BR)");
    expect(input.system).toContain("no Markdown, no HTML");
    expect(input.system).toContain("- Bitcoin (BTC): US$ 67.000,00");
    expect(input.turns).toEqual([
      { role: "user", text: "O que é Selic?" },
      { role: "assistant", text: "A Selic é a taxa básica de juros." },
      { role: "user", text: "User liked the previous message.\n\nQuanto está o bitcoin?" },
    ]);
    expect(completionInput({ ...request, likeOrDislikePreviousMessage: false }, []).turns.at(-1)?.text).toMatch(
      /^User disliked the previous message\./,
    );
    expect(completionInput({ ...request, likeOrDislikePreviousMessage: undefined, lastBotMessage: null }, []).turns).toEqual([
      { role: "user", text: "Quanto está o bitcoin?" },
    ]);
  });

  for (const provider of ["gemini", "openai"] as const) {
    it(`${provider}: streams the model's words with refs to the assets it was given`, async () => {
      fake.reset();
      const stream =
        provider === "gemini"
          ? createGeminiStream({ apiKey: fakeLlmKeys.gemini, model: "gemini-2.5-flash", baseUrl: `${fake.url}/gemini`, timeoutMs: 2000 })
          : createOpenAiStream({ baseUrl: `${fake.url}/openai`, model: "llama3.2", timeoutMs: 2000 });
      const chunks = await collect(
        createHostedModel(provider, stream, (await sharedTestServices()).market, catalogue).reply(request, new AbortController().signal),
      );
      expect(chunks[0]?.refs).toContainEqual({ title: expect.stringContaining("Bitcoin"), href: "/cryptos/bitcoin" });
      expect(chunks.map(({ text }) => text).join("")).toBe("Bitcoin held near $67k while the Ibovespa rose 1.2% today.");
      const sent = JSON.stringify(fake.requests(provider)[0]?.body);
      expect(sent).toContain("Market data from the app");
      expect(sent).toContain("Bitcoin");
      expect(sent).toContain("User liked the previous message.");
    });
  }
});
