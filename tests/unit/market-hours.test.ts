import { describe, expect, it } from "vitest";

import { marketHolidays } from "~/market/demo/business-days";
import { type Exchange, holidayKey, isMarketOpen, marketStatus } from "~/market/market-hours";
import { exchangeOfTicker, isMarketOpen as isOpenNow, isStockTrading, marketHoursView } from "~/market/market-hours.server";

const at = (iso: string) => Date.parse(iso);
const none = new Set<string>();
const status = (exchange: Exchange, iso: string, holidays = marketHolidays) => marketStatus(exchange, at(iso), holidays);
const closedUntil = (exchange: Exchange, nextIso: string) => ({ exchange, open: false, nextChangeAt: at(nextIso) });
const openUntil = (exchange: Exchange, closeIso: string) => ({ exchange, open: true, nextChangeAt: at(closeIso) });

describe("B3's regular session", () => {
  // Brasília is UTC-3 all year (no daylight time since 2019); B3 closes with New York.
  it("opens at 10:00 in Brasília and, while New York keeps standard time, closes at 18:00", () => {
    expect(status("B3", "2026-01-05T12:59:59.999Z")).toEqual(closedUntil("B3", "2026-01-05T13:00:00Z"));
    expect(status("B3", "2026-01-05T13:00:00Z")).toEqual(openUntil("B3", "2026-01-05T21:00:00Z"));
    expect(status("B3", "2026-01-05T20:59:59.999Z")).toEqual(openUntil("B3", "2026-01-05T21:00:00Z"));
    expect(status("B3", "2026-01-05T21:00:00Z")).toEqual(closedUntil("B3", "2026-01-06T13:00:00Z"));
  });

  it("closes at 17:00 in Brasília while New York keeps daylight time", () => {
    expect(status("B3", "2026-07-06T13:00:00Z")).toEqual(openUntil("B3", "2026-07-06T20:00:00Z"));
    expect(status("B3", "2026-07-06T20:00:00Z")).toEqual(closedUntil("B3", "2026-07-07T13:00:00Z"));
  });

  it("is closed at weekends: from Friday's close to Monday's open", () => {
    expect(status("B3", "2026-01-09T21:00:00Z")).toEqual(closedUntil("B3", "2026-01-12T13:00:00Z"));
    expect(status("B3", "2026-01-10T15:00:00Z")).toEqual(closedUntil("B3", "2026-01-12T13:00:00Z"));
    expect(status("B3", "2026-01-11T23:59:00Z")).toEqual(closedUntil("B3", "2026-01-12T13:00:00Z"));
  });

  it("is closed on Christmas Eve and Christmas, and opens again on the Monday", () => {
    expect(status("B3", "2026-12-23T21:00:00Z")).toEqual(closedUntil("B3", "2026-12-28T13:00:00Z"));
    expect(isMarketOpen("B3", at("2026-12-24T15:00:00Z"), marketHolidays)).toBe(false);
    expect(isMarketOpen("B3", at("2026-12-25T15:00:00Z"), marketHolidays)).toBe(false);
    // Without the calendar the same Thursday would trade: the closing comes from the holidays.
    expect(isMarketOpen("B3", at("2026-12-24T15:00:00Z"), none)).toBe(true);
  });

  it("is closed on Carnival Monday and Tuesday", () => {
    expect(status("B3", "2026-02-13T21:00:00Z")).toEqual(closedUntil("B3", "2026-02-18T13:00:00Z"));
    expect(isMarketOpen("B3", at("2026-02-17T15:00:00Z"), marketHolidays)).toBe(false);
    expect(isMarketOpen("B3", at("2027-02-09T15:00:00Z"), marketHolidays)).toBe(false);
  });

  it("follows the US clock change: 18:00 on the Friday before, 17:00 from the Monday after", () => {
    // US daylight time begins on Sunday 2026-03-08 and ends on Sunday 2026-11-01.
    expect(status("B3", "2026-03-06T13:00:00Z")).toEqual(openUntil("B3", "2026-03-06T21:00:00Z"));
    expect(status("B3", "2026-03-09T13:00:00Z")).toEqual(openUntil("B3", "2026-03-09T20:00:00Z"));
    expect(status("B3", "2026-10-30T13:00:00Z")).toEqual(openUntil("B3", "2026-10-30T20:00:00Z"));
    // Monday 2026-11-02 is All Souls' Day: B3 next trades on the Tuesday, to 18:00 again.
    expect(status("B3", "2026-10-30T20:00:00Z")).toEqual(closedUntil("B3", "2026-11-03T13:00:00Z"));
    expect(status("B3", "2026-11-03T13:00:00Z")).toEqual(openUntil("B3", "2026-11-03T21:00:00Z"));
  });
});

describe("the US regular session", () => {
  it("is 09:30 to 16:00 in New York, in standard time (UTC-5)", () => {
    expect(status("US", "2026-01-05T14:29:59.999Z")).toEqual(closedUntil("US", "2026-01-05T14:30:00Z"));
    expect(status("US", "2026-01-05T14:30:00Z")).toEqual(openUntil("US", "2026-01-05T21:00:00Z"));
    expect(status("US", "2026-01-05T21:00:00Z")).toEqual(closedUntil("US", "2026-01-06T14:30:00Z"));
  });

  it("and in daylight time (UTC-4)", () => {
    expect(status("US", "2026-07-06T13:29:00Z")).toEqual(closedUntil("US", "2026-07-06T13:30:00Z"));
    expect(status("US", "2026-07-06T19:59:00Z")).toEqual(openUntil("US", "2026-07-06T20:00:00Z"));
  });

  it("opens an hour earlier in UTC after the March change, and an hour later after the November one", () => {
    expect(status("US", "2026-03-06T21:00:00Z")).toEqual(closedUntil("US", "2026-03-09T13:30:00Z"));
    expect(status("US", "2026-10-30T20:00:00Z")).toEqual(closedUntil("US", "2026-11-02T14:30:00Z"));
    expect(status("US", "2026-11-02T14:30:00Z")).toEqual(openUntil("US", "2026-11-02T21:00:00Z"));
  });

  it("reads the day in New York: late Sunday there is already Monday in UTC", () => {
    expect(status("US", "2026-01-12T02:30:00Z")).toEqual(closedUntil("US", "2026-01-12T14:30:00Z"));
  });

  it("is closed on Thanksgiving, while B3 trades", () => {
    expect(status("US", "2026-11-26T15:00:00Z")).toEqual(closedUntil("US", "2026-11-27T14:30:00Z"));
    expect(status("US", "2026-11-25T21:00:00Z")).toEqual(closedUntil("US", "2026-11-27T14:30:00Z"));
    expect(status("B3", "2026-11-26T15:00:00Z")).toEqual(openUntil("B3", "2026-11-26T21:00:00Z"));
  });

  it("is closed on Christmas and on Presidents' Day, when B3 is closed for Carnival too", () => {
    expect(status("US", "2026-12-25T15:00:00Z")).toEqual(closedUntil("US", "2026-12-28T14:30:00Z"));
    expect(status("US", "2026-02-16T15:00:00Z")).toEqual(closedUntil("US", "2026-02-17T14:30:00Z"));
  });
});

describe("the embedded holidays", () => {
  it("cover 2026 and 2027 for both exchanges", () => {
    for (const exchange of ["B3", "US"] as const) {
      for (const year of ["2026", "2027"]) {
        expect(marketHolidays.has(holidayKey(exchange, `${year}-01-01`)), `${exchange} ${year}`).toBe(true);
      }
    }
    expect(marketHolidays.has("US|2026-11-26")).toBe(true);
    expect(marketHolidays.has("B3|2026-02-16")).toBe(true);
  });
});

describe("the server's helpers", () => {
  it("bind the embedded holidays and answer in any order of instants", () => {
    expect(isOpenNow("US", at("2026-11-26T15:00:00Z"))).toBe(false);
    expect(isOpenNow("US", at("2026-11-27T15:00:00Z"))).toBe(true);
    expect(isOpenNow("US", at("2026-11-26T15:00:00Z"))).toBe(false);
    expect(isOpenNow("B3", at("2026-12-24T15:00:00Z"))).toBe(false);
    expect(isOpenNow("B3", at("2026-12-22T15:00:00Z"))).toBe(true);
  });

  it("know where a ticker trades: BDRs on B3, US shares in the US", () => {
    expect(exchangeOfTicker("PETR4")).toBe("B3");
    expect(exchangeOfTicker("AAPL34")).toBe("B3");
    expect(exchangeOfTicker("AAPL")).toBe("US");
    expect(isStockTrading("AAPL", at("2026-11-26T15:00:00Z"))).toBe(false);
    expect(isStockTrading("PETR4", at("2026-11-26T15:00:00Z"))).toBe(true);
  });

  it("send a page only the shown exchanges, in order, with their holidays of the coming weeks", () => {
    const view = marketHoursView(["US", "B3", "US"], at("2026-12-20T12:00:00Z"));
    expect(view.exchanges).toEqual(["B3", "US"]);
    expect(view.holidays).toEqual([
      "B3|2026-12-24",
      "B3|2026-12-25",
      "US|2026-12-25",
      "B3|2026-12-31",
      "B3|2027-01-01",
      "US|2027-01-01",
      "US|2027-01-18",
    ]);
    expect(marketHoursView(["B3"], at("2026-12-20T12:00:00Z")).holidays.every((key) => key.startsWith("B3|"))).toBe(true);
  });
});
