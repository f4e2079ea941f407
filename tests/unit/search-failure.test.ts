import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeKeys, startFakeUpstream } from "../support/fake-upstream";
import { contextFor, routeArgs } from "../support/router-context";

let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
const savedEnv = { ...process.env };

beforeAll(async () => {
  fake = await startFakeUpstream();
  Object.assign(process.env, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ma-search-live-")),
    CRYPTO_PROVIDER: "coingecko",
    COINGECKO_API_KEY: fakeKeys.coingeckoDemo,
    COINGECKO_BASE_URL: `${fake.url}/coingecko`,
    UPSTREAM_TIMEOUT_MS: "300",
    UPSTREAM_RETRY_DELAY_MS: "0",
  });
});

afterAll(async () => {
  await fake.close().catch(() => {});
  process.env = savedEnv;
});

async function searchLoader(url: string) {
  const { loader } = await import("~/routes/search");
  const request = new Request(`http://localhost${url}`);
  return loader(routeArgs(request, await contextFor(request)));
}

describe("GET /search when the upstream fails", () => {
  it("answers failed: true instead of throwing, and searches again once the upstream is back", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.setFault("coingecko:search", "500");
    expect(await searchLoader("/search?q=bitcoin&scope=cryptos")).toMatchObject({
      scope: "cryptos",
      query: "bitcoin",
      results: [],
      failed: true,
    });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();

    fake.setFault("coingecko:search", "none");
    const recovered = await searchLoader("/search?q=bitcoin&scope=cryptos");
    expect(recovered.failed).toBe(false);
    expect(recovered.results[0]).toMatchObject({ title: "Bitcoin", href: "/cryptos/bitcoin" });
  });
});
