import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createOpenAiStream } from "~/assistant/llm/openai.server";
import { createTextTranslator, type TranslationStore } from "~/assistant/translate.server";
import { createDemoProviders } from "~/market/demo";
import { withTranslatedDescriptions } from "~/market/translated-descriptions.server";
import { systemClock } from "~/platform/clock";
import { memoryLogger } from "~/platform/logger.server";

import { type FakeLlmServer, startFakeLlmServer } from "../support/fake-llm-server";

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function memoryStore(): TranslationStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    read: async (key) => (entries.has(key) ? { value: entries.get(key)! } : undefined),
    write: async (key, value) => void entries.set(key, value),
  };
}

const english = { text: "Bitcoin is the first decentralized cryptocurrency.", language: "en" as const };

function translator(store = memoryStore()) {
  const stream = createOpenAiStream({ baseUrl: `${fake.url}/openai`, model: "llama3.2", timeoutMs: 2000 });
  return { translate: createTextTranslator(stream, store, { clock: systemClock, logger: memoryLogger() }), store };
}

describe("machine translation of upstream descriptions", () => {
  it("asks the model once per text and language, then answers from the store", async () => {
    fake.setReply("O Bitcoin é a primeira criptomoeda descentralizada.");
    const { translate, store } = translator();
    const [first, concurrent] = await Promise.all([translate(english, "pt-BR"), translate(english, "pt-BR")]);
    expect(first).toEqual({ text: "O Bitcoin é a primeira criptomoeda descentralizada.", language: "pt-BR" });
    expect(concurrent).toEqual(first);
    expect(await translate(english, "pt-BR")).toEqual(first);
    expect(fake.requests("openai")).toHaveLength(1);
    expect(store.entries.size).toBe(1);
    const body = fake.requests("openai")[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.content).toContain("from English to Português (Brasil)");
    expect(body.messages[1]!.content).toBe(english.text);
  });

  it("leaves texts already in the visitor's language alone", async () => {
    const { translate } = translator();
    expect(await translate(english, "en")).toBe(english);
    expect(fake.requests()).toHaveLength(0);
  });

  it("keeps the original text, and stores nothing, when the model fails", async () => {
    fake.setMode("openai", "http-500");
    const { translate, store } = translator();
    expect(await translate(english, "es")).toEqual(english);
    expect(store.entries.size).toBe(0);
  });

  it("translates crypto descriptions and stock profiles returned by the providers", async () => {
    fake.setReply("Texto traducido.");
    const demo = createDemoProviders(() => Date.UTC(2026, 10, 18, 15));
    const englishOnly = {
      ...demo,
      crypto: { ...demo.crypto, detail: async (id: string) => ({ ...(await demo.crypto.detail(id, "en"))!, description: english }) },
    };
    const providers = withTranslatedDescriptions(englishOnly, translator().translate);
    expect((await providers.crypto.detail("bitcoin", "es"))?.description).toEqual({ text: "Texto traducido.", language: "es" });
    const stock = await providers.stocks.detail("PETR4", { range: "1mo", language: "es" });
    expect(stock?.profile.longBusinessSummary?.language).toBe("es");
  });
});
