import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";
import { createBcbProvider, fromBrDate } from "~/market/live/bcb/series";
import { createBrapiIndexProvider } from "~/market/live/brapi/indices";
import { createCoinGeckoMarketProvider } from "~/market/live/coingecko/global";
import { UpstreamError } from "~/market/providers/provider";

/**
 * A fake of Banco Central's SGS, brapi's index quotes and CoinGecko's /global over real HTTP, with
 * the real shapes: SGS dates dd/MM/yyyy and values as strings, its 406 error JSON for windows over
 * ten years, its HTML error page and 404 for unknown codes.
 */
type Answer = { status: number; body: string; type?: string };
let server: Server;
let url = "";
const requests: URL[] = [];
let override: ((path: string) => Answer | undefined) | undefined;

const json = (value: unknown, status = 200): Answer => ({ status, body: JSON.stringify(value) });

const sgs: Record<string, { data: string; valor: string }[]> = {
  "432": [{ data: "26/11/2026", valor: "15.00" }],
  "4389": [
    { data: "24/11/2026", valor: "14.90" },
    { data: "25/11/2026", valor: "14.90" },
  ],
  "12": [
    { data: "23/11/2026", valor: "0.055131" },
    { data: "24/11/2026", valor: "" },
    { data: "2026-11-25", valor: "0.055131" },
    { data: "26/11/2026", valor: "0.055131" },
  ],
  "433": [
    { data: "01/09/2026", valor: "0.48" },
    { data: "01/10/2026", valor: "0.09" },
  ],
  "13522": [{ data: "01/10/2026", valor: "4.68" }],
};

function answer(path: string, query: URLSearchParams): Answer {
  const sgsMatch = /^\/sgs\/bcdata\.sgs\.(\d+)\/dados(\/ultimos\/(\d+))?$/.exec(path);
  if (sgsMatch) {
    const series = sgs[sgsMatch[1]!];
    // SGS's unknown code: an HTML error page with 404.
    if (!series) return { status: 404, body: "<html><body>Not Found</body></html>", type: "text/html" };
    if (sgsMatch[3]) return json(series.slice(-Number(sgsMatch[3])));
    const [d1, m1, y1] = (query.get("dataInicial") ?? "").split("/").map(Number) as [number, number, number];
    const [d2, m2, y2] = (query.get("dataFinal") ?? "").split("/").map(Number) as [number, number, number];
    if (Date.UTC(y2, m2 - 1, d2) >= Date.UTC(y1 + 10, m1 - 1, d1)) {
      return json(
        {
          error: "O sistema aceita uma janela de consulta de, no máximo, 10 anos em séries de periodicidade diária",
          tag: "INVALID_PERIOD",
        },
        406,
      );
    }
    return json(series);
  }
  if (path === "/brapi/api/quote/%5EBVSP" || path === "/brapi/api/quote/^BVSP") {
    return json({
      results: [
        {
          symbol: "^BVSP",
          shortName: "IBOVESPA",
          currency: "BRL",
          regularMarketPrice: 158123.45,
          regularMarketChangePercent: -0.42,
          historicalDataPrice: [
            { date: 1795525200, open: 157000, high: 158900, low: 156800, close: 158700.1, volume: 0, adjustedClose: 158700.1 },
            { date: 1795611600, open: null, high: null, low: null, close: null, volume: 0, adjustedClose: null },
            { date: 1795698000, open: 158700, high: 159000, low: 157900, close: 158123.45, volume: 0, adjustedClose: 158123.45 },
          ],
        },
      ],
      requestedAt: "2026-11-26T20:00:00.000Z",
      took: "8ms",
    });
  }
  if (path === "/brapi/api/quote/IFIX") return json({ error: true, message: "Não encontramos a ação IFIX" }, 404);
  if (path === "/brapi/api/quote/%5EGSPC") return json({ error: true, message: "Seu plano não permite acessar este ativo" }, 402);
  if (path === "/coingecko/global") {
    return json({
      data: {
        active_cryptocurrencies: 17843,
        markets: 1316,
        total_market_cap: { btc: 34256018.4, usd: 3216540123456.7, brl: 17150000000000 },
        total_volume: { usd: 134567890123.4 },
        market_cap_percentage: { btc: 57.3182, eth: 11.702, usdt: 5.1 },
        market_cap_change_percentage_24h_usd: -1.2345,
        updated_at: 1764180000,
      },
    });
  }
  return json({ error: "not found" }, 404);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const parsed = new URL(request.url ?? "/", "http://fake");
    requests.push(parsed);
    const reply = override?.(parsed.pathname) ?? answer(parsed.pathname, parsed.searchParams);
    response.writeHead(reply.status, { "content-type": reply.type ?? "application/json; charset=utf-8" });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  override = undefined;
});

const bcb = () => createBcbProvider({ baseUrl: `${url}/sgs`, timeoutMs: 1000 });

describe("Banco Central SGS adapter", () => {
  it("reads dd/MM/yyyy dates and string values, dropping points without a value or in another date format", async () => {
    expect(await bcb().series("cdiDaily", "2026-11-23", "2026-11-26")).toEqual([
      { date: "2026-11-23", value: 0.055131 },
      { date: "2026-11-26", value: 0.055131 },
    ]);
    const asked = requests[0]!;
    expect(asked.pathname).toBe("/sgs/bcdata.sgs.12/dados");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ formato: "json", dataInicial: "23/11/2026", dataFinal: "26/11/2026" });
  });

  it("asks for the latest point of each series by its SGS code", async () => {
    expect(await bcb().latest("selic")).toEqual({ date: "2026-11-26", value: 15 });
    expect(await bcb().latest("cdi")).toEqual({ date: "2026-11-25", value: 14.9 });
    expect(await bcb().latest("ipca12m")).toEqual({ date: "2026-10-01", value: 4.68 });
    expect(requests.map((request) => request.pathname)).toEqual([
      "/sgs/bcdata.sgs.432/dados/ultimos/1",
      "/sgs/bcdata.sgs.4389/dados/ultimos/1",
      "/sgs/bcdata.sgs.13522/dados/ultimos/1",
    ]);
  });

  it("never asks for more than ten years, which SGS refuses", async () => {
    const points = await bcb().series("ipca", "1990-01-01", "2026-11-26");
    expect(points.map(({ date }) => date)).toEqual(["2026-09-01", "2026-10-01"]);
    expect(requests[0]!.searchParams.get("dataInicial")).toBe("27/11/2016");
  });

  it("reports SGS's refusal and its HTML error pages as upstream errors, and a 404 as no points", async () => {
    override = (path) => (path.includes(".432/") ? json({ error: "Janela inválida", tag: "INVALID_PERIOD" }, 406) : undefined);
    await expect(bcb().series("selic", "2020-01-01", "2026-11-26")).rejects.toMatchObject({ status: 406, retryable: false });
    override = () => ({ status: 200, body: "<!DOCTYPE html><html><body>Manutenção</body></html>", type: "text/html" });
    await expect(bcb().latest("selic")).rejects.toThrow(/malformed JSON/);
    override = () => ({ status: 404, body: "<html>Not Found</html>", type: "text/html" });
    expect(await bcb().series("selic", "2026-11-01", "2026-11-26")).toEqual([]);
    expect(await bcb().latest("selic")).toBeNull();
  });

  it("turns SGS dates into ISO dates and rejects anything else", () => {
    expect(fromBrDate("01/10/2026")).toBe("2026-10-01");
    expect(fromBrDate("2026-10-01")).toBeNull();
    expect(fromBrDate("1/10/2026")).toBeNull();
  });
});

describe("brapi index quotes", () => {
  const NOW = Date.UTC(2026, 10, 28, 21);
  const brapi = () => createBrapiIndexProvider({ baseUrl: `${url}/brapi`, token: "t", timeoutMs: 1000 }, () => NOW);

  it("reads the Ibovespa's level, change and closes, skipping a day without a close", async () => {
    const quote = await brapi().quote("ibov", NOW - 7 * DAY_MS);
    expect(quote).toEqual({
      id: "ibov",
      level: 158123.45,
      changePercent: -0.42,
      history: [
        [1795525200000, 158700.1],
        [1795698000000, 158123.45],
      ],
    });
    expect(requests[0]!.searchParams.get("range")).toBe("5d");
  });

  it("asks for a range long enough for the start", async () => {
    await brapi().quote("ibov", NOW - 300 * DAY_MS);
    expect(requests[0]!.searchParams.get("range")).toBe("1y");
  });

  it("says an index brapi does not carry, or the plan does not cover, is not available", async () => {
    expect(await brapi().quote("ifix", NOW - DAY_MS)).toBeNull();
    expect(await brapi().quote("spx", NOW - DAY_MS)).toBeNull();
  });
});

describe("CoinGecko /global", () => {
  it("reads the total market value in dollars, Bitcoin's share and the day's change", async () => {
    const summary = await createCoinGeckoMarketProvider({ baseUrl: `${url}/coingecko`, timeoutMs: 1000 }).summary();
    expect(summary).toEqual({ totalMarketCap: 3216540123456.7, btcDominance: 57.3182, change24h: -1.2345 });
  });

  it("shows a missing figure as unknown and a wrong shape as an upstream error", async () => {
    const provider = createCoinGeckoMarketProvider({ baseUrl: `${url}/coingecko`, timeoutMs: 1000 });
    override = () =>
      json({ data: { total_market_cap: { usd: 0 }, market_cap_percentage: null, market_cap_change_percentage_24h_usd: null } });
    expect(await provider.summary()).toEqual({ totalMarketCap: null, btcDominance: null, change24h: null });
    override = () => json({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit" } }, 200);
    await expect(provider.summary()).rejects.toBeInstanceOf(UpstreamError);
  });
});
