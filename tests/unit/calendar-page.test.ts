import { describe, expect, it } from "vitest";

import { dateInZone } from "~/lib/time";
import {
  calendarHref,
  countByKind,
  eventAssetHref,
  filterByKind,
  monthGrid,
  monthRange,
  parseCalendarQuery,
  shiftMonth,
} from "~/market/calendar-month";
import { marketTimeZone } from "~/market/market-hours";
import type { CalendarEvent } from "~/market/types";

import { contextFor, routeArgs } from "../support/router-context";
import { sharedTestServices } from "../support/services";

const event = (date: string, kind: CalendarEvent["kind"], asset: CalendarEvent["asset"] = null): CalendarEvent => ({
  id: `${kind}-${date}-${asset?.id ?? "x"}`,
  date,
  kind,
  market: "B3",
  title: `${kind} ${asset?.id ?? ""}`.trim(),
  asset,
});

const query = (search: string) => parseCalendarQuery(new URLSearchParams(search), "2026-11");

describe("calendar query", () => {
  it("reads a month and one or several kinds", () => {
    expect(query("month=2027-02")).toEqual({ month: "2027-02", kinds: [] });
    expect(query("month=2026-10&kind=holiday")).toEqual({ month: "2026-10", kinds: ["holiday"] });
    expect(query("kind=holiday&kind=earnings&kind=holiday")).toEqual({ month: "2026-11", kinds: ["earnings", "holiday"] });
  });

  it("falls back to the current month for a missing or invalid month and drops unknown kinds", () => {
    for (const month of ["", "2026-13", "2026-00", "2026-1", "november", "0050-01", "2026-11-01"]) {
      expect(query(`month=${month}`).month, month).toBe("2026-11");
    }
    expect(query("").month).toBe("2026-11");
    expect(query("kind=meeting&kind=dividend").kinds).toEqual(["dividend"]);
  });
});

describe("months and days", () => {
  it("takes today in B3's time zone, not the server's", () => {
    // 01:30 UTC on 1 November is still 31 October in São Paulo (UTC−3).
    expect(dateInZone(marketTimeZone, Date.parse("2026-11-01T01:30:00Z"))).toBe("2026-10-31");
    expect(dateInZone(marketTimeZone, Date.parse("2026-11-01T03:00:00Z"))).toBe("2026-11-01");
  });

  it("steps across years and knows each month's last day", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

describe("month grid", () => {
  // One month starting on each weekday (weeks start on Sunday): leading days, rows, first and last cells.
  const cases = [
    { month: "2026-02", starts: "Sunday", leading: 0, weeks: 4, first: "2026-02-01", last: "2026-02-28" },
    { month: "2026-06", starts: "Monday", leading: 1, weeks: 5, first: "2026-05-31", last: "2026-07-04" },
    { month: "2026-09", starts: "Tuesday", leading: 2, weeks: 5, first: "2026-08-30", last: "2026-10-03" },
    { month: "2026-04", starts: "Wednesday", leading: 3, weeks: 5, first: "2026-03-29", last: "2026-05-02" },
    { month: "2026-01", starts: "Thursday", leading: 4, weeks: 5, first: "2025-12-28", last: "2026-01-31" },
    { month: "2026-05", starts: "Friday", leading: 5, weeks: 6, first: "2026-04-26", last: "2026-06-06" },
    { month: "2026-08", starts: "Saturday", leading: 6, weeks: 6, first: "2026-07-26", last: "2026-09-05" },
  ];
  for (const { month, starts, leading, weeks, first, last } of cases) {
    it(`lays out ${month}, which starts on a ${starts}`, () => {
      const grid = monthGrid(month, "2000-01-01", []);
      expect(grid).toHaveLength(weeks);
      expect(grid.every((week) => week.length === 7)).toBe(true);
      const days = grid.flat();
      expect(days[0]?.date).toBe(first);
      expect(days.at(-1)?.date).toBe(last);
      expect(days.findIndex((day) => day.inMonth)).toBe(leading);
      expect(days.find((day) => day.inMonth)?.date).toBe(`${month}-01`);
      expect(days.filter((day) => day.inMonth).at(-1)?.date).toBe(monthRange(month).to);
      expect(days.filter((day) => !day.inMonth).every((day) => !day.date.startsWith(month))).toBe(true);
    });
  }

  it("numbers the days and marks today once", () => {
    const days = monthGrid("2026-11", "2026-11-21", []).flat();
    expect(days.map((day) => day.dayOfMonth).slice(0, 3)).toEqual([1, 2, 3]);
    expect(days.filter((day) => day.isToday).map((day) => day.date)).toEqual(["2026-11-21"]);
    expect(
      monthGrid("2026-12", "2026-11-21", [])
        .flat()
        .some((day) => day.isToday),
    ).toBe(false);
  });

  it("groups events by day, market-wide events first, and leaves other months' days empty", () => {
    const events = [
      event("2026-11-05", "earnings", { type: "stock", id: "PETR3" }),
      event("2026-11-05", "holiday"),
      event("2026-11-05", "dividend", { type: "stock", id: "ITUB4" }),
      event("2026-11-05", "economic"),
      event("2026-11-20", "holiday"),
    ];
    const days = monthGrid("2026-11", "2026-11-21", events).flat();
    const byDate = (date: string) => days.find((day) => day.date === date)?.events.map((item) => item.kind);
    expect(byDate("2026-11-05")).toEqual(["holiday", "economic", "dividend", "earnings"]);
    expect(byDate("2026-11-20")).toEqual(["holiday"]);
    expect(byDate("2026-11-06")).toEqual([]);
    expect(days.filter((day) => !day.inMonth).every((day) => day.events.length === 0)).toBe(true);
    expect(days.flatMap((day) => day.events)).toHaveLength(events.length);
  });
});

describe("kinds and links", () => {
  const events = [
    event("2026-11-02", "holiday"),
    event("2026-11-04", "economic"),
    event("2026-11-05", "earnings"),
    event("2026-11-06", "holiday"),
  ];

  it("filters by kind (none chosen is all) and counts every kind", () => {
    expect(filterByKind(events, [])).toEqual(events);
    expect(filterByKind(events, ["holiday"]).map((item) => item.date)).toEqual(["2026-11-02", "2026-11-06"]);
    expect(filterByKind(events, ["holiday", "economic"])).toHaveLength(3);
    expect(filterByKind(events, ["dividend"])).toEqual([]);
    expect(countByKind(events)).toEqual({ earnings: 1, dividend: 0, economic: 1, holiday: 2 });
  });

  it("links asset events to the asset's page and keeps the filter in month links", () => {
    expect(eventAssetHref({ type: "stock", id: "PETR3" })).toBe("/stocks/PETR3");
    expect(eventAssetHref({ type: "crypto", id: "bitcoin" })).toBe("/cryptos/bitcoin");
    expect(eventAssetHref({ type: "stock", id: "BRK/B" })).toBe("/stocks/BRK%2FB");
    expect(calendarHref("2026-10", ["earnings", "holiday"])).toBe("/calendar?month=2026-10&kind=earnings&kind=holiday");
    expect(calendarHref(null, [])).toBe("/calendar");
  });
});

describe("the /calendar page data", () => {
  async function calendarLoader(url: string, language = "pt-BR") {
    const { loader } = await import("~/routes/calendar");
    const request = new Request(`http://localhost${url}`, { headers: { Cookie: `i18next=${language}` } });
    return loader(routeArgs(request, await contextFor(request)));
  }

  it("shows a month of the embedded data with a localized title, weekdays and month links", async () => {
    const page = await calendarLoader("/calendar?month=2026-11&kind=holiday");
    expect(page.meta.title).toBe("Calendário");
    expect(page.title).toBe("novembro de 2026");
    expect(page.weekdays.map((day) => day.long)).toEqual([
      "domingo",
      "segunda-feira",
      "terça-feira",
      "quarta-feira",
      "quinta-feira",
      "sexta-feira",
      "sábado",
    ]);
    expect(page.links).toEqual({
      previous: "/calendar?month=2026-10&kind=holiday",
      next: "/calendar?month=2026-12&kind=holiday",
      today: "/calendar?kind=holiday",
      allKinds: "/calendar?month=2026-11",
    });
    const events = page.events!;
    expect(events.source).toBe("demo");
    const shown = events.weeks.flat().flatMap((day) => day.events);
    expect(shown.length).toBe(events.shown);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((item) => item.kind === "holiday")).toBe(true);
    // Counts are the whole month's, whatever the filter, so the legend says what each kind would show.
    expect(events.counts.earnings).toBeGreaterThan(0);
    expect(events.total).toBe(Object.values(events.counts).reduce((sum, count) => sum + count, 0));
    expect(events.weeks.flat().find((day) => day.date === "2026-11-02")?.label).toBe("segunda-feira, 2 de novembro");
  });

  it("links a B3 company's event to its stock page, in the visitor's language", async () => {
    const page = await calendarLoader("/calendar?month=2026-11&kind=earnings", "en");
    expect(page.title).toBe("November 2026");
    const petrobras = page
      .events!.weeks.flat()
      .flatMap((day) => day.events)
      .find((item) => item.asset?.id === "PETR3");
    expect(petrobras).toMatchObject({ kind: "earnings", market: "B3", title: "Q3 earnings — PETR3" });
    expect(eventAssetHref(petrobras!.asset!)).toBe("/stocks/PETR3");
  });

  it("answers an invalid month with the current month in São Paulo, not an error", async () => {
    const { calendarPage } = await import("~/screens/calendar.server");
    const now = Date.parse("2027-03-01T02:00:00Z"); // still 28 February in São Paulo
    const { market, platform } = await sharedTestServices();
    const page = await calendarPage(market, platform.logger, new URL("http://localhost/calendar?month=2027-99"), "es", now);
    expect(page.month).toBe("2027-02");
    expect(page.title).toBe("febrero de 2027");
    const today = page.events!.weeks.flat().filter((day) => day.isToday);
    expect(today.map((day) => day.date)).toEqual(["2027-02-28"]);
  });
});
