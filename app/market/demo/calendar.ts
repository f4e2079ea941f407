import { compareText } from "~/lib/text";
import { DAY_MS } from "~/lib/time";
import { calendarRecords, marketOf, type StockAsset, stockAssets, type Translations } from "~/market/catalogue";

import type { CalendarProvider } from "../providers/provider";
import { type CalendarEvent, calendarEventKinds, type PayoutKind } from "../types";
import { businessDayFrom, dateOfDay } from "./business-days";
import { isAnnounced, scheduledPayouts } from "./fundamentals";
import { EPOCH_MS, hashString } from "./generator";

/** A payment carries its payout, which says when it is announced. */
type Entry = Omit<CalendarEvent, "title"> & { title: Translations; announcement?: Parameters<typeof isAnnounced>[0] };

/** Generated events exist from the start of the price walks to this many years past the clock. */
const HORIZON_YEARS = 2;
const FIRST_YEAR = new Date(EPOCH_MS).getUTCFullYear();
/** Results season: from the 22nd of the month after a quarter ends, over the next 38 days. */
const EARNINGS_WINDOW = { firstDay: 22, days: 38 };
/** Which quarter each season (January, April, July, October) reports, and in which fiscal year. */
const seasons = [
  { month: 0, quarter: 4, yearOffset: -1 },
  { month: 3, quarter: 1, yearOffset: 0 },
  { month: 6, quarter: 2, yearOffset: 0 },
  { month: 9, quarter: 3, yearOffset: 0 },
];

const earningsTitle = (quarter: number, ticker: string): Translations => ({
  "pt-BR": `Resultado do ${quarter}º trimestre — ${ticker}`,
  en: `Q${quarter} earnings — ${ticker}`,
  es: `Resultados del ${quarter}${quarter === 1 || quarter === 3 ? ".er" : ".º"} trimestre — ${ticker}`,
});

const paymentTitle = (kind: PayoutKind, ticker: string): Translations =>
  kind === "jcp"
    ? { "pt-BR": `Pagamento de JCP — ${ticker}`, en: `Interest on equity (JCP) payment — ${ticker}`, es: `Pago de JCP — ${ticker}` }
    : kind === "income"
      ? { "pt-BR": `Pagamento de rendimentos — ${ticker}`, en: `Income distribution — ${ticker}`, es: `Pago de rendimientos — ${ticker}` }
      : { "pt-BR": `Pagamento de dividendos — ${ticker}`, en: `Dividend payment — ${ticker}`, es: `Pago de dividendos — ${ticker}` };

const fixedEntries: Entry[] = calendarRecords.map((record) => ({
  ...record,
  id: `${record.kind}-${record.market}-${record.date}-${hashString(record.title.en).toString(36)}`,
  asset: null,
}));

function stockEvent(stock: StockAsset, id: string, kind: "earnings" | "dividend", date: string, title: Translations): Entry {
  return { id, date, kind, market: marketOf(stock), title, asset: { type: "stock", id: stock.ticker } };
}

const companies = stockAssets.filter(({ type }) => type === "stock");
const payers = stockAssets.filter(({ ticker }) => scheduledPayouts(ticker, FIRST_YEAR).length > 0);

function earnings(year: number): Entry[] {
  return companies.flatMap((stock) =>
    seasons.map(({ month, quarter, yearOffset }) => {
      const fiscalYear = year + yearOffset;
      const offset = hashString(`earnings|${stock.ticker}|${fiscalYear}|${quarter}`) % EARNINGS_WINDOW.days;
      const day = businessDayFrom(Date.UTC(year, month, EARNINGS_WINDOW.firstDay) / DAY_MS + offset, marketOf(stock));
      return stockEvent(
        stock,
        `earnings-${stock.ticker}-${fiscalYear}Q${quarter}`,
        "earnings",
        dateOfDay(day),
        earningsTitle(quarter, stock.ticker),
      );
    }),
  );
}

/** Every payout's payment day, with the day it becomes public so `events` can leave out what is not announced yet. */
function payments(year: number): Entry[] {
  return payers.flatMap((asset) =>
    scheduledPayouts(asset.ticker, year).map((payout) => ({
      ...stockEvent(
        asset,
        `dividend-${asset.ticker}-${payout.paymentDate}-${payout.kind}`,
        "dividend",
        payout.paymentDate,
        paymentTitle(payout.kind, asset.ticker),
      ),
      announcement: payout,
    })),
  );
}

const generatedByYear = new Map<number, Entry[]>();
function generated(year: number): Entry[] {
  let events = generatedByYear.get(year);
  if (!events) {
    events = [...earnings(year), ...payments(year)];
    generatedByYear.set(year, events);
  }
  return events;
}

function compareEntries(a: Entry, b: Entry): number {
  return compareText(a.date, b.date) || calendarEventKinds.indexOf(a.kind) - calendarEventKinds.indexOf(b.kind) || compareText(a.id, b.id);
}

export function createCalendarProvider(clock: () => number): CalendarProvider {
  return {
    source: "demo",
    async events(from, to, language) {
      const now = clock();
      const lastYear = Math.min(Number(to.slice(0, 4)), new Date(now).getUTCFullYear() + HORIZON_YEARS);
      const candidates = [...fixedEntries];
      for (let year = Math.max(Number(from.slice(0, 4)), FIRST_YEAR); year <= lastYear; year++) {
        candidates.push(...generated(year));
      }
      return candidates
        .filter(({ date, announcement }) => from <= date && date <= to && (!announcement || isAnnounced(announcement, now)))
        .sort(compareEntries)
        .map(({ announcement: _, ...entry }) => ({ ...entry, title: entry.title[language], asset: entry.asset && { ...entry.asset } }));
    },
  };
}
