import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createGeminiStream } from "~/assistant/llm/gemini.server";
import { createOpenAiStream } from "~/assistant/llm/openai.server";
import { AssistantError, type ChatCompletionInput, type ChatCompletionStream } from "~/assistant/model.server";

import { defaultFakeReply, fakeLlmKeys, type FakeLlmProvider, type FakeLlmServer, startFakeLlmServer } from "../support/fake-llm-server";

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const input: ChatCompletionInput = {
  system: "You are a market assistant. Answer in Portuguese.",
  turns: [
    { role: "user", text: "What moved PETR4 today?" },
    { role: "assistant", text: "PETR4 rose 1.2% after..." },
    { role: "user", text: "And VALE3?" },
  ],
};

type Options = { apiKey?: string; timeoutMs?: number };
const adapters: Record<FakeLlmProvider, (options?: Options) => ChatCompletionStream> = {
  gemini: ({ apiKey = fakeLlmKeys.gemini, timeoutMs = 2000 } = {}) =>
    createGeminiStream({ apiKey, model: "gemini-2.5-flash", baseUrl: `${fake.url}/gemini`, timeoutMs }),
  openai: ({ apiKey = fakeLlmKeys.openai, timeoutMs = 2000 } = {}) =>
    createOpenAiStream({ baseUrl: `${fake.url}/openai/`, apiKey, model: "llama3.2", timeoutMs }),
};

/** Consumes the stream; `onChunk` runs after each piece. Returns the pieces and the error, if any. */
async function consume(stream: AsyncIterable<string>, onChunk?: (chunk: string) => unknown) {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) {
      chunks.push(chunk);
      await onChunk?.(chunk);
    }
    return { chunks, error: undefined };
  } catch (error) {
    return { chunks, error };
  }
}

async function failure(stream: AsyncIterable<string>) {
  const { chunks, error } = await consume(stream);
  expect(error).toBeInstanceOf(AssistantError);
  return { chunks, error: error as AssistantError };
}

describe.each(["gemini", "openai"] as const)("%s stream", (provider) => {
  const stream = (options?: Options) => adapters[provider](options)(input, new AbortController().signal);

  it("streams the reply in order, in several pieces, and finishes the upstream reply", async () => {
    const { chunks, error } = await consume(stream());
    expect(error).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join("")).toBe(defaultFakeReply);
    expect(fake.requests(provider)).toHaveLength(1);
    expect(fake.abandonedReplies()).toBe(0);
  });

  it("does not cut a long answer that keeps flowing", async () => {
    fake.setChunkDelay(60);
    fake.setReply("one two three four five six seven eight nine ten");
    const started = Date.now();
    const { chunks, error } = await consume(stream({ timeoutMs: 300 }));
    expect(error).toBeUndefined();
    expect(chunks.join("")).toBe("one two three four five six seven eight nine ten");
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  it("does not count a slow consumer against the idle limit", async () => {
    fake.setReply("slow and steady");
    const { chunks, error } = await consume(stream({ timeoutMs: 300 }), () => sleep(400));
    expect(error).toBeUndefined();
    expect(chunks.join("")).toBe("slow and steady");
  });

  it.each([
    [429, "http-429", provider === "gemini" ? "Resource has been exhausted" : "Rate limit reached for requests"],
    [500, "http-500", provider === "gemini" ? "An internal error has occurred." : "The server had an error"],
  ] as const)("reports HTTP %i with the upstream's message", async (status, mode, message) => {
    fake.setMode(provider, mode);
    const { error } = await failure(stream());
    expect(error).toMatchObject({ provider, status });
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(message);
    expect(fake.requests(provider)).toHaveLength(1);
  });

  it("fails after the first pieces when the connection drops mid-stream", async () => {
    fake.setMode(provider, "drop");
    const { chunks, error } = await failure(stream());
    expect(chunks.join("")).toBe("Bitcoin held ");
    expect(error.message).toMatch(/network error/);
    expect(error.provider).toBe(provider);
  });

  it("fails when the body closes before the answer is finished", async () => {
    fake.setMode(provider, "end-early");
    const { chunks, error } = await failure(stream());
    expect(chunks.join("")).toBe("Bitcoin held ");
    expect(error.message).toMatch(/stream ended early/);
  });

  it("fails on a malformed event", async () => {
    fake.setMode(provider, "malformed");
    const { error } = await failure(stream());
    expect(error.message).toMatch(/malformed event/);
  });

  it("times out when the stream goes silent, and closes the upstream connection", async () => {
    fake.setMode(provider, "hang");
    const started = Date.now();
    const { error } = await failure(stream({ timeoutMs: 300 }));
    expect(error.message).toMatch(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(() => expect(fake.abandonedReplies()).toBe(1));
  });

  it("rethrows a caller abort as an AbortError and closes the upstream connection", async () => {
    fake.setChunkDelay(50);
    const controller = new AbortController();
    const { chunks, error } = await consume(adapters[provider]()(input, controller.signal), () => controller.abort());
    expect(chunks).toHaveLength(1);
    expect(error).not.toBeInstanceOf(AssistantError);
    expect(error).toMatchObject({ name: "AbortError" });
    await vi.waitFor(() => expect(fake.abandonedReplies()).toBe(1));
  });

  it("ends a wait on a silent upstream at once when the caller aborts", async () => {
    fake.setMode(provider, "hang");
    const started = Date.now();
    const { error } = await consume(adapters[provider]({ timeoutMs: 3000 })(input, AbortSignal.timeout(100)));
    expect(error).not.toBeInstanceOf(AssistantError);
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2000);
    await vi.waitFor(() => expect(fake.abandonedReplies()).toBe(1));
  });

  it("does not call the upstream when the signal is already aborted", async () => {
    const { error } = await consume(adapters[provider]()(input, AbortSignal.abort()));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(fake.requests()).toHaveLength(0);
  });

  it("closes the upstream connection when the consumer stops early", async () => {
    fake.setChunkDelay(50);
    const chunks: string[] = [];
    for await (const chunk of stream()) {
      chunks.push(chunk);
      break;
    }
    expect(chunks).toEqual(["Bitcoin "]);
    await vi.waitFor(() => expect(fake.abandonedReplies()).toBe(1));
  });

  it("never puts the API key in an error message", async () => {
    const messages: string[] = [];
    for (const mode of ["http-429", "http-500", "drop", "end-early", "malformed", "hang"] as const) {
      fake.setMode(provider, mode);
      messages.push((await failure(stream({ timeoutMs: 300 }))).error.message);
    }
    const wrongKey = "sk-wrong-secret-0123456789";
    const { error } = await failure(stream({ apiKey: wrongKey }));
    expect(error.status).toBe(provider === "gemini" ? 400 : 401);
    messages.push(error.message);
    for (const message of messages) {
      expect(message).toMatch(new RegExp(`^${provider}: POST /`));
      expect(message).not.toContain(fakeLlmKeys[provider]);
      expect(message).not.toContain(wrongKey);
    }
  });
});

describe("gemini request and refusals", () => {
  const stream = () => adapters.gemini()(input, new AbortController().signal);

  it("sends the documented request: key header, alt=sse, model in the path, system instruction apart", async () => {
    await consume(stream());
    const [request] = fake.requests("gemini");
    expect(request?.path).toBe("/gemini/models/gemini-2.5-flash:streamGenerateContent");
    expect(request?.query).toEqual({ alt: "sse" });
    expect(request?.headers["x-goog-api-key"]).toBe(fakeLlmKeys.gemini);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      systemInstruction: { parts: [{ text: input.system }] },
      contents: [
        { role: "user", parts: [{ text: "What moved PETR4 today?" }] },
        { role: "model", parts: [{ text: "PETR4 rose 1.2% after..." }] },
        { role: "user", parts: [{ text: "And VALE3?" }] },
      ],
      generationConfig: { temperature: 0.7, topP: 0.95, maxOutputTokens: 1024 },
    });
  });

  it("fails when the prompt is blocked", async () => {
    fake.setMode("gemini", "blocked");
    const { error } = await failure(stream());
    expect(error.message).toMatch(/blocked the prompt \(SAFETY\)/);
  });

  it("fails when the answer is withheld for safety without any text", async () => {
    fake.setMode("gemini", "safety");
    const { error } = await failure(stream());
    expect(error.message).toMatch(/returned no text \(finish reason SAFETY\)/);
  });
});

describe("openai request and chunk shapes", () => {
  it("sends the documented request: bearer key, model and stream in the body, system message first", async () => {
    await consume(adapters.openai()(input, new AbortController().signal));
    const [request] = fake.requests("openai");
    expect(request?.path).toBe("/openai/chat/completions");
    expect(request?.headers.authorization).toBe(`Bearer ${fakeLlmKeys.openai}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      model: "llama3.2",
      messages: [
        { role: "system", content: input.system },
        { role: "user", content: "What moved PETR4 today?" },
        { role: "assistant", content: "PETR4 rose 1.2% after..." },
        { role: "user", content: "And VALE3?" },
      ],
      stream: true,
      temperature: 0.7,
      max_tokens: 1024,
    });
  });

  it("sends no Authorization header without a key (Ollama, llama.cpp)", async () => {
    const stream = createOpenAiStream({ baseUrl: `${fake.url}/openai`, model: "llama3.2", timeoutMs: 2000 });
    const { chunks } = await consume(stream(input, new AbortController().signal));
    expect(chunks.join("")).toBe(defaultFakeReply);
    expect(fake.requests("openai")[0]?.headers.authorization).toBeUndefined();
  });

  it("yields only content: role-only, reasoning, empty-delta and usage-only chunks carry no text", async () => {
    fake.setReply("Hello world");
    const { chunks, error } = await consume(adapters.openai()(input, new AbortController().signal));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(["Hello ", "world"]);
  });

  it("fails on an error sent inside the stream", async () => {
    fake.setMode("openai", "in-stream-error");
    const { chunks, error } = await failure(adapters.openai()(input, new AbortController().signal));
    expect(chunks).toEqual(["Bitcoin "]);
    expect(error.message).toMatch(/reported an error: model overloaded/);
  });
});
