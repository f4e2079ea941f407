import { describe, expect, it } from "vitest";

import { baseTicker, classifyStock, stockMarketOf } from "~/market/stock-type";

describe("classifyStock", () => {
  it("takes an upstream's exact kind over the dataset, and its broad kind only where the dataset says nothing", () => {
    // IVVB11 is an ETF in the dataset; an upstream that names the kind is believed.
    expect(classifyStock("IVVB11", { exact: "fund" })).toBe("fund");
    expect(classifyStock("IVVB11", { broad: "fund" })).toBe("others");
    expect(classifyStock("ZZZZ11", { broad: "bdr" })).toBe("bdr");
  });

  it("knows FIIs and units by ticker alone, from the embedded dataset", () => {
    expect(classifyStock("HGLG11")).toBe("fund");
    expect(classifyStock("KNIP11")).toBe("fund");
    for (const unit of ["TAEE11", "SANB11", "KLBN11"]) expect(classifyStock(unit), unit).toBe("stock");
    expect(classifyStock("IVVB11")).toBe("others");
  });

  it("classifies an unknown 11 as a unit when its company lists shares, else as a fund", () => {
    // Neither is in the dataset: Petrobras lists shares (PETR3, PETR4), RBVA lists none.
    expect(classifyStock("PETR11")).toBe("stock");
    expect(classifyStock("RBVA11")).toBe("fund");
    expect(classifyStock("RBVA11", { broad: "fund" })).toBe("fund");
  });

  it("follows B3's suffixes for unknown tickers and takes US symbols for shares", () => {
    expect(classifyStock("ABCD3")).toBe("stock");
    expect(classifyStock("ABCD6")).toBe("stock");
    expect(classifyStock("ABCD34")).toBe("bdr");
    expect(classifyStock("ABCD39")).toBe("bdr");
    expect(classifyStock("ABCD1")).toBe("others");
    expect(classifyStock("NVDA")).toBe("stock");
    expect(classifyStock("BRK.B")).toBe("stock");
  });

  it("classifies odd listings as their base ticker: fractional PETR4F is PETR4, SRNA3L is SRNA3", () => {
    expect(baseTicker("PETR4F")).toBe("PETR4");
    expect(baseTicker("srna3l")).toBe("SRNA3");
    expect(baseTicker("AAPL")).toBe("AAPL");
    expect(classifyStock("PETR4F")).toBe("stock");
    expect(classifyStock("SRNA3L")).toBe("stock");
    expect(classifyStock("HGLG11F")).toBe("fund");
    expect(classifyStock("AAPL34F")).toBe("bdr");
  });
});

describe("stockMarketOf", () => {
  it("sends B3-shaped tickers to B3 and the rest to the US", () => {
    expect(stockMarketOf("PETR4")).toBe("B3");
    expect(stockMarketOf("B3SA3")).toBe("B3");
    expect(stockMarketOf("M1TA34")).toBe("B3");
    expect(stockMarketOf("PETR4F")).toBe("B3");
    expect(stockMarketOf("AAPL")).toBe("US");
    expect(stockMarketOf("v")).toBe("US");
    expect(stockMarketOf("BRK.B")).toBe("US");
    expect(stockMarketOf("ZZZZ")).toBe("US");
  });
});
