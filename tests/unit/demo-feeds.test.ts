import { describe, expect, it } from "vitest";

import { HOUR_MS } from "~/lib/time";
import { createDemoProviders } from "~/market/demo";
import { newsCategories } from "~/market/types";

/** Wednesday 2026-11-18 15:07:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const providers = (ms = NOW) => createDemoProviders(() => ms);

describe("demo news", () => {
  it.each(newsCategories)("lists %s newest first, at whole minutes", async (category) => {
    const items = await providers().news.list(category, "en");
    expect(items.length).toBeGreaterThan(0);
    const times = items.map((item) => item.datetime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((time) => time % 60 === 0 && time * 1000 <= NOW)).toBe(true);
    expect(items.every((item) => item.category === category && item.image === null)).toBe(true);
  });

  it("speaks the requested language", async () => {
    const [pt] = await providers().news.list("crypto", "pt-BR");
    const [es] = await providers().news.list("crypto", "es");
    expect(pt).toMatchObject({ id: 1001, language: "pt-BR", headline: "O que o halving do Bitcoin muda para quem investe" });
    expect(es).toMatchObject({ id: 1001, language: "es", related: ["BTC"] });
    expect(es?.headline).toMatch(/inversores/);
    expect(pt?.datetime).toBe(Math.floor((NOW - HOUR_MS) / 60_000) * 60);
  });
});

describe("demo rates", () => {
  it("covers fiat, metals and cryptos against USD at the hour", async () => {
    const table = await providers().rates.latest();
    expect(table.base).toBe("USD");
    expect(table.timestamp).toBe(Date.UTC(2026, 10, 18, 15) / 1000);
    expect(Object.keys(table.rates).length).toBeGreaterThanOrEqual(160);
    expect(table.rates.USD).toBe(1);
    for (const code of ["BRL", "EUR", "JPY", "XAU", "XAG", "BTC", "ETH", "USDT"]) expect(table.rates[code]).toBeGreaterThan(0);
    expect(table.kinds).toMatchObject({ BRL: "fiat", XAU: "metal", BTC: "crypto" });
    expect(Object.keys(table.rates).every((code) => code === code.toUpperCase() && code in table.kinds)).toBe(true);
  });

  it("prices cryptos exactly like the crypto pages", async () => {
    const { rates, crypto } = providers();
    const table = await rates.latest();
    const bitcoin = await crypto.detail("bitcoin", "en");
    expect(table.rates.BTC).toBe(1 / bitcoin!.price!);
  });

  it("drifts a little, deterministically", async () => {
    const today = await providers().rates.latest();
    expect(await providers().rates.latest()).toEqual(today);
    const tomorrow = await providers(NOW + 24 * HOUR_MS).rates.latest();
    expect(tomorrow.rates.BRL).not.toBe(today.rates.BRL);
    // Stored levels: BRL 5.35, EUR 0.865, XAU 1/4050.
    expect(today.rates.BRL).toBeGreaterThan(5.35 * 0.85);
    expect(today.rates.BRL).toBeLessThan(5.35 * 1.15);
    expect(today.rates.EUR).toBeGreaterThan(0.865 * 0.85);
    expect(today.rates.XAU).toBeLessThan(1 / 3000);
    expect(today.rates.XAU).toBeGreaterThan(1 / 5500);
  });
});

describe("demo calendar", () => {
  it("merges the file's events with generated earnings and dividends, never on weekends", async () => {
    const events = await providers().calendar.events("2026-01-01", "2026-12-31", "en");
    const titles = events.map((event) => event.title);
    expect(titles).toContain("Copom decision on the Selic rate");
    expect(events.some((event) => event.kind === "holiday" && event.market === "B3")).toBe(true);
    expect(events.filter((event) => event.kind === "earnings" && event.asset?.id === "PETR4")).toHaveLength(4);
    expect(events.filter((event) => event.kind === "dividend" && event.asset?.id === "HGLG11")).toHaveLength(12);
    expect(events.filter((event) => event.kind === "dividend" && event.asset?.id === "PETR4")).toHaveLength(4);
    expect(events.some((event) => event.kind === "earnings" && event.market === "US")).toBe(true);
    expect(events.every((event) => ![0, 6].includes(new Date(`${event.date}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it("keeps generated events off the market's holidays", async () => {
    const events = await providers().calendar.events("2026-01-01", "2026-12-31", "en");
    const holidays = new Set(events.filter((event) => event.kind === "holiday").map((event) => `${event.market}|${event.date}`));
    expect(events.filter((event) => event.asset && holidays.has(`${event.market}|${event.date}`))).toEqual([]);
  });

  it("stays in range, sorted by date then kind, with stable ids", async () => {
    const events = await providers().calendar.events("2026-11-01", "2026-11-30", "pt-BR");
    expect(events.every((event) => event.date >= "2026-11-01" && event.date <= "2026-11-30")).toBe(true);
    const kindOrder = ["earnings", "dividend", "economic", "holiday"];
    const keys = events.map((event) => `${event.date}|${kindOrder.indexOf(event.kind)}`);
    expect(keys).toEqual([...keys].sort());
    const later = await providers(NOW + 30 * 24 * HOUR_MS).calendar.events("2026-11-01", "2026-11-30", "pt-BR");
    expect(later).toEqual(events);
    expect(await providers().calendar.events("2026-12-01", "2026-11-01", "en")).toEqual([]);
  });

  it("translates titles", async () => {
    const find = async (language: "pt-BR" | "en" | "es") =>
      (await providers().calendar.events("2026-10-15", "2026-12-15", language)).find(
        (event) => event.kind === "earnings" && event.asset?.id === "PETR4",
      )?.title;
    expect(await find("pt-BR")).toBe("Resultado do 3º trimestre — PETR4");
    expect(await find("en")).toBe("Q3 earnings — PETR4");
    expect(await find("es")).toBe("Resultados del 3.er trimestre — PETR4");
    const dividends = await providers().calendar.events("2026-03-01", "2026-03-31", "es");
    expect(dividends.find((event) => event.asset?.id === "HGLG11")?.title).toBe("Pago de rendimientos — HGLG11");
  });
});
