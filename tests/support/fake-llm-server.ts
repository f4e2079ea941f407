/**
 * A local fake of the hosted chat models, for the streaming adapters' tests.
 * It serves real HTTP on 127.0.0.1 (random port) in the exact upstream framing.
 *
 *   const fake = await startFakeLlmServer();
 *   const stream = createGeminiStream({ apiKey: fakeLlmKeys.gemini, model: "m", baseUrl: `${fake.url}/gemini`, timeoutMs });
 *   fake.setMode("gemini", "drop");
 *   await vi.waitFor(() => expect(fake.abandonedReplies()).toBe(1));
 *   await fake.close();
 *
 * Routes (POST only; pass `${url}/gemini` or `${url}/openai` as the adapter's baseUrl):
 *   /gemini/models/{model}:streamGenerateContent?alt=sse   needs alt=sse (else 400) and
 *       x-goog-api-key: fakeLlmKeys.gemini (else 400 "API key not valid", as Gemini answers)
 *   /openai/chat/completions   keyless like Ollama; an Authorization header, when sent, must be
 *       `Bearer fakeLlmKeys.openai` (else 401 echoing the wrong key, as OpenAI does)
 *
 * Modes, per provider, until reset():
 *   "ok"          streams the reply (setReply) one word per event, setChunkDelay ms apart.
 *                 Gemini: CRLF line ends; a last event with finishReason STOP and a part without text.
 *                 OpenAI: a role-only first chunk (content null), a reasoning_content chunk, the
 *                 words, a `delta: {}` chunk with finish_reason "stop", a usage-only chunk with
 *                 `choices: []`, then `data: [DONE]`.
 *   "http-429"    the upstream's rate-limit error JSON ("Resource has been exhausted" on Gemini)
 *   "http-500"    the upstream's internal error JSON
 *   "drop"        two word events, then destroys the socket (connection reset mid-stream)
 *   "end-early"   two word events, then ends the body cleanly without any end marker
 *   "malformed"   one event with truncated JSON (`{"candidates": [`), then ends the body
 *   "hang"        sends the headers, then nothing (until the client leaves or close())
 *   Gemini only: "blocked" (promptFeedback.blockReason SAFETY, no candidates) and "safety"
 *                (finishReason SAFETY without any text).
 *   OpenAI only: "in-stream-error" (`data: {"error":{"message":"model overloaded"}}` after a word).
 *
 * requests(provider?) lists what was received (path, query, headers, parsed JSON body);
 * abandonedReplies() counts replies whose connection the client closed before they finished
 * (proof that an abort or a timeout reaches the upstream); openConnections() counts open sockets.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export const fakeLlmKeys = { gemini: "fake-gemini-key", openai: "fake-openai-key" } as const;

export const defaultFakeReply = "Bitcoin held near $67k while the Ibovespa rose 1.2% today.";

export type FakeLlmProvider = "gemini" | "openai";

type CommonMode = "ok" | "http-429" | "http-500" | "drop" | "end-early" | "malformed" | "hang";
export type FakeLlmModes = {
  gemini: CommonMode | "blocked" | "safety";
  openai: CommonMode | "in-stream-error";
};

type RecordedLlmRequest = {
  provider: FakeLlmProvider;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type FakeLlmServer = {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  setMode<P extends FakeLlmProvider>(provider: P, mode: FakeLlmModes[P]): void;
  setReply(text: string): void;
  setChunkDelay(ms: number): void;
  requests(provider?: FakeLlmProvider): RecordedLlmRequest[];
  abandonedReplies(): number;
  openConnections(): number;
  /** Back to "ok", the default reply and delay; forgets requests and abandoned replies. */
  reset(): void;
  close(): Promise<void>;
};

const defaultChunkDelayMs = 15;
const geminiPath = /^\/gemini\/models\/([^/:]+):streamGenerateContent$/;
const openAiPath = "/openai/chat/completions";

type Reply = { status: number; body: unknown };
/** An SSE reply: its events, then how the body stops. */
type Script = { events: string[]; ending: "end" | "destroy" | "hang" };

function geminiAuth(query: URLSearchParams, headers: IncomingHttpHeaders): Reply | null {
  const invalid = (message: string): Reply => ({
    status: 400,
    body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } },
  });
  if (query.get("alt") !== "sse") return invalid("This fake only streams with alt=sse.");
  if (headers["x-goog-api-key"] !== fakeLlmKeys.gemini) return invalid("API key not valid. Please pass a valid API key.");
  return null;
}

function openAiAuth(headers: IncomingHttpHeaders): Reply | null {
  const authorization = headers.authorization;
  if (authorization === undefined || authorization === `Bearer ${fakeLlmKeys.openai}`) return null;
  const key = authorization.replace(/^Bearer /, "");
  return {
    status: 401,
    body: {
      error: { message: `Incorrect API key provided: ${key}.`, type: "invalid_request_error", code: "invalid_api_key" },
    },
  };
}

const geminiEvent = (model: string, candidate: object | null, extra: object = {}) =>
  `data: ${JSON.stringify({
    ...(candidate && { candidates: [{ index: 0, ...candidate }] }),
    usageMetadata: { promptTokenCount: 42, totalTokenCount: 42 },
    modelVersion: model,
    responseId: "fake-response",
    ...extra,
  })}\r\n\r\n`;
const geminiText = (model: string, text: string) => geminiEvent(model, { content: { parts: [{ text }], role: "model" } });

const openAiEvent = (choices: object[], extra: object = {}) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1717430400,
    model: "fake-model",
    system_fingerprint: "fp_fake",
    choices,
    ...extra,
  })}\n\n`;
const openAiDelta = (delta: object, finishReason: string | null = null) => openAiEvent([{ index: 0, delta, finish_reason: finishReason }]);

function geminiAnswer(mode: FakeLlmModes["gemini"], model: string, words: string[]): Reply | Script {
  const text = words.map((word) => geminiText(model, word));
  switch (mode) {
    case "ok": {
      const last = { content: { parts: [{ thoughtSignature: "ZmFrZQ==" }], role: "model" }, finishReason: "STOP" };
      return { events: [...text, geminiEvent(model, last)], ending: "end" };
    }
    case "blocked":
      return { events: [geminiEvent(model, null, { promptFeedback: { blockReason: "SAFETY" } })], ending: "end" };
    case "safety":
      return { events: [geminiEvent(model, { finishReason: "SAFETY" })], ending: "end" };
    case "drop":
      return { events: text.slice(0, 2), ending: "destroy" };
    case "end-early":
      return { events: text.slice(0, 2), ending: "end" };
    case "malformed":
      return { events: ['data: {"candidates": [\r\n\r\n'], ending: "end" };
    case "hang":
      return { events: [], ending: "hang" };
    case "http-429":
      return {
        status: 429,
        body: { error: { code: 429, message: "Resource has been exhausted", status: "RESOURCE_EXHAUSTED" } },
      };
    case "http-500":
      return {
        status: 500,
        body: { error: { code: 500, message: "An internal error has occurred.", status: "INTERNAL" } },
      };
  }
}

function openAiAnswer(mode: FakeLlmModes["openai"], words: string[]): Reply | Script {
  const text = words.map((word) => openAiDelta({ content: word }));
  switch (mode) {
    case "ok":
      return {
        events: [
          openAiDelta({ role: "assistant", content: null }),
          openAiDelta({ reasoning_content: "The user asks about the market." }),
          ...text,
          openAiDelta({}, "stop"),
          openAiEvent([], {
            usage: { prompt_tokens: 42, completion_tokens: words.length, total_tokens: 42 + words.length },
          }),
          "data: [DONE]\n\n",
        ],
        ending: "end",
      };
    case "in-stream-error":
      return { events: [...text.slice(0, 1), 'data: {"error":{"message":"model overloaded"}}\n\n'], ending: "end" };
    case "drop":
      return { events: text.slice(0, 2), ending: "destroy" };
    case "end-early":
      return { events: text.slice(0, 2), ending: "end" };
    case "malformed":
      return { events: ['data: {"choices": [\n\n'], ending: "end" };
    case "hang":
      return { events: [], ending: "hang" };
    case "http-429":
      return {
        status: 429,
        body: { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } },
      };
    case "http-500":
      return {
        status: 500,
        body: { error: { message: "The server had an error while processing your request.", type: "server_error" } },
      };
  }
}

function sendJson(response: ServerResponse, { status, body }: Reply) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  let modes: FakeLlmModes = { gemini: "ok", openai: "ok" };
  let reply = defaultFakeReply;
  let chunkDelayMs = defaultChunkDelayMs;
  let recorded: RecordedLlmRequest[] = [];
  let abandoned = 0;
  const sockets = new Set<Socket>();

  async function play(response: ServerResponse, { events, ending }: Script) {
    let dropping = false;
    response.on("close", () => {
      if (!response.writableFinished && !dropping) abandoned++;
    });
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.flushHeaders();
    for (const event of events) {
      if (response.destroyed) return;
      response.write(event);
      await sleep(chunkDelayMs);
    }
    if (response.destroyed) return;
    if (ending === "end") response.end();
    if (ending === "destroy") {
      dropping = true;
      response.socket?.destroy();
    }
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const geminiModel = geminiPath.exec(url.pathname)?.[1];
    const provider = geminiModel ? "gemini" : url.pathname === openAiPath ? "openai" : undefined;
    if (!provider || request.method !== "POST") return sendJson(response, { status: 404, body: { error: { message: "Not found" } } });

    const body = await readJson(request);
    recorded.push({
      provider,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    });
    const denied = geminiModel ? geminiAuth(url.searchParams, request.headers) : openAiAuth(request.headers);
    if (denied) return sendJson(response, denied);
    if (body === undefined) return sendJson(response, { status: 400, body: { error: { message: "Invalid JSON payload." } } });

    const words = reply.match(/\S+\s*/g) ?? [];
    const answer = geminiModel ? geminiAnswer(modes.gemini, geminiModel, words) : openAiAnswer(modes.openai, words);
    if ("status" in answer) return sendJson(response, answer);
    await play(response, answer);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (provider, mode) => void (modes = { ...modes, [provider]: mode }),
    setReply: (text) => void (reply = text),
    setChunkDelay: (ms) => void (chunkDelayMs = ms),
    requests: (provider) => recorded.filter((entry) => provider === undefined || entry.provider === provider),
    abandonedReplies: () => abandoned,
    openConnections: () => sockets.size,
    reset: () => {
      modes = { gemini: "ok", openai: "ok" };
      reply = defaultFakeReply;
      chunkDelayMs = defaultChunkDelayMs;
      recorded = [];
      abandoned = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
