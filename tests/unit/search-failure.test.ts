import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SearchResponse } from "~/market/search-scope";
import { memoryLogger } from "~/platform/logger.server";
import type { Services } from "~/services.server";

import { fakeKeys, startFakeUpstream } from "../support/fake-upstreams";
import { callLoader } from "../support/loader-call";
import { contextFor, routeArgs } from "../support/router-context";
import { createTestServices } from "../support/services";

let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
let services: Services;
const logger = memoryLogger();

beforeAll(async () => {
  fake = await startFakeUpstream();
  services = await createTestServices({
    environment: {
      CRYPTO_PROVIDER: "coingecko",
      COINGECKO_API_KEY: fakeKeys.coingeckoDemo,
      COINGECKO_BASE_URL: `${fake.url}/coingecko`,
      STOCKS_PROVIDER: "brapi",
      BRAPI_TOKEN: fakeKeys.brapi,
      BRAPI_BASE_URL: `${fake.url}/brapi`,
      UPSTREAM_TIMEOUT_MS: "300",
      UPSTREAM_RETRY_DELAY_MS: "0",
    },
    logger,
  });
});

afterAll(async () => {
  await fake.close().catch(() => {});
});

async function searchResults(url: string) {
  const { loader } = await import("~/routes/search-results");
  const { status, body } = await callLoader(loader, url, {}, {}, services);
  return { status, body: body as SearchResponse };
}

async function searchPage(url: string) {
  const { loader } = await import("~/routes/search");
  const request = new Request(`http://localhost${url}`);
  return loader(routeArgs(request, await contextFor(request, services)));
}

const section = (answer: SearchResponse, kind: string) => answer.sections.find((candidate) => candidate.kind === kind);
const titles = (answer: SearchResponse) => [...answer.suggestions, ...answer.sections.flatMap((s) => s.results)].map((r) => r.title);

describe("search when an upstream fails", () => {
  it("with the stocks provider down, the general scope still answers cryptos and pages and marks stocks failed", async () => {
    logger.lines.length = 0;
    fake.setFault("brapi:list", "500");
    const { status, body } = await searchResults("/search/results?q=bitcoin");
    expect(status).toBe(200);
    expect(body.failed).toBe(false);
    expect(section(body, "stocks")).toEqual({ kind: "stocks", results: [], failed: true });
    expect(section(body, "cryptos")?.failed).toBe(false);
    expect(body.suggestions[0]).toMatchObject({ kind: "cryptos", title: "Bitcoin", quote: { price: expect.any(Number) } });
    expect(logger.lines).toContainEqual({ level: "error", message: expect.stringMatching(/^search failed \(stocks\): /) });

    fake.setFault("brapi:list", "none");
    const recovered = await searchResults("/search/results?q=petr");
    expect(section(recovered.body, "stocks")?.failed).toBe(false);
    expect(titles(recovered.body)).toContain("PETR4");
  });

  it("with every searched kind failing the JSON answers 502 and the page failed: true, and both search again once back", async () => {
    logger.lines.length = 0;
    fake.setFault("coingecko:search", "500");
    const { status, body } = await searchResults("/search/results?q=sol&scope=cryptos");
    expect(status).toBe(502);
    expect(body).toMatchObject({ scope: "cryptos", query: "sol", suggestions: [], failed: true });
    const page = await searchPage("/search?q=pepe&scope=cryptos");
    expect(page).toMatchObject({ query: "pepe", failed: true, suggestions: [] });
    expect(logger.lines).toContainEqual({ level: "error", message: expect.stringMatching(/^search failed \(cryptos\): /) });

    fake.setFault("coingecko:search", "none");
    const recovered = await searchResults("/search/results?q=sol&scope=cryptos");
    expect(recovered.status).toBe(200);
    expect(recovered.body.failed).toBe(false);
    expect(recovered.body.suggestions[0]).toMatchObject({ title: "Solana", href: "/cryptos/solana" });
  });
});
