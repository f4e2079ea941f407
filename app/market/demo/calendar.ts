import type { CalendarProvider } from "../providers/provider";
import { calendarEventKinds, type CalendarEvent } from "../types";
import { calendarRecords, compareText, marketOf, stockAssets, type StockAsset, type Translations } from "./dataset";
import { holidayKey, type Exchange, type Holidays } from "../market-hours";
import { DAY_MS, EPOCH_MS, hashString } from "./generator";

type Entry = Omit<CalendarEvent, "title"> & { title: Translations };

/** Generated events exist from the start of the price walks to this many years past the clock. */
const HORIZON_YEARS = 2;
const FIRST_YEAR = new Date(EPOCH_MS).getUTCFullYear();
const LARGEST_B3_PAYERS = 15;
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

const dividendTitle = (ticker: string): Translations => ({
  "pt-BR": `Pagamento de dividendos — ${ticker}`,
  en: `Dividend payment — ${ticker}`,
  es: `Pago de dividendos — ${ticker}`,
});

const fixedEntries: Entry[] = calendarRecords.map((record) => ({
  ...record,
  id: `${record.kind}-${record.market}-${record.date}-${hashString(record.title.en).toString(36)}`,
  asset: null,
}));

/** The exchanges' holidays (B3 and US records of kind "holiday"), keyed as market hours read them. */
export const marketHolidays: Holidays = new Set(
  calendarRecords.flatMap(({ kind, market, date }) =>
    kind === "holiday" && (market === "B3" || market === "US") ? [holidayKey(market, date)] : [],
  ),
);

/** Days are whole UTC days since 1970-01-01 (a Thursday). */
function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function isBusinessDay(day: number, market: Exchange): boolean {
  const weekday = (day + 4) % 7;
  return weekday !== 0 && weekday !== 6 && !marketHolidays.has(holidayKey(market, isoDate(day)));
}

function businessDayFrom(day: number, market: Exchange): number {
  let next = day;
  while (!isBusinessDay(next, market)) next++;
  return next;
}

/** The n-th (1-based) business day of a month. */
function nthBusinessDay(year: number, month: number, n: number, market: Exchange): number {
  let day = businessDayFrom(Date.UTC(year, month, 1) / DAY_MS, market);
  for (let i = 1; i < n; i++) day = businessDayFrom(day + 1, market);
  return day;
}

function stockEvent(stock: StockAsset, id: string, kind: "earnings" | "dividend", day: number, title: Translations): Entry {
  return { id, date: isoDate(day), kind, market: marketOf(stock), title, asset: { type: "stock", id: stock.ticker } };
}

const companies = stockAssets.filter(({ type }) => type === "stock");
const listedFunds = stockAssets.filter(({ type }) => type === "fund");
const largestB3 = companies
  .filter((stock) => marketOf(stock) === "B3")
  .sort((a, b) => b.marketCap - a.marketCap)
  .slice(0, LARGEST_B3_PAYERS);

function earnings(year: number): Entry[] {
  return companies.flatMap((stock) =>
    seasons.map(({ month, quarter, yearOffset }) => {
      const fiscalYear = year + yearOffset;
      const offset = hashString(`earnings|${stock.ticker}|${fiscalYear}|${quarter}`) % EARNINGS_WINDOW.days;
      const day = businessDayFrom(Date.UTC(year, month, EARNINGS_WINDOW.firstDay) / DAY_MS + offset, marketOf(stock));
      return stockEvent(stock, `earnings-${stock.ticker}-${fiscalYear}Q${quarter}`, "earnings", day, earningsTitle(quarter, stock.ticker));
    }),
  );
}

/** Funds (FIIs and the like) pay monthly on a fixed business day of their own, around the 10th. */
function fundDividends(year: number): Entry[] {
  return listedFunds.flatMap((fund) => {
    const businessDay = 8 + (hashString(`dividend-day|${fund.ticker}`) % 5);
    return Array.from({ length: 12 }, (_, month) => {
      const day = nthBusinessDay(year, month, businessDay, "B3");
      const id = `dividend-${fund.ticker}-${isoDate(day).slice(0, 7)}`;
      return stockEvent(fund, id, "dividend", day, dividendTitle(fund.ticker));
    });
  });
}

/** The big B3 payers: once a quarter, each in its own month of the quarter. */
function quarterlyDividends(year: number): Entry[] {
  return largestB3.flatMap((stock) => {
    const monthInQuarter = hashString(`dividend-month|${stock.ticker}`) % 3;
    return [0, 1, 2, 3].map((quarter) => {
      const businessDay = 1 + (hashString(`dividend-day|${stock.ticker}|${year}|${quarter}`) % 18);
      const day = nthBusinessDay(year, quarter * 3 + monthInQuarter, businessDay, "B3");
      return stockEvent(stock, `dividend-${stock.ticker}-${year}Q${quarter + 1}`, "dividend", day, dividendTitle(stock.ticker));
    });
  });
}

const generatedByYear = new Map<number, Entry[]>();
function generated(year: number): Entry[] {
  let events = generatedByYear.get(year);
  if (!events) {
    events = [...earnings(year), ...fundDividends(year), ...quarterlyDividends(year)];
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
      const lastYear = Math.min(Number(to.slice(0, 4)), new Date(clock()).getUTCFullYear() + HORIZON_YEARS);
      const candidates = [...fixedEntries];
      for (let year = Math.max(Number(from.slice(0, 4)), FIRST_YEAR); year <= lastYear; year++) {
        candidates.push(...generated(year));
      }
      return candidates
        .filter(({ date }) => from <= date && date <= to)
        .sort(compareEntries)
        .map((entry) => ({ ...entry, title: entry.title[language], asset: entry.asset && { ...entry.asset } }));
    },
  };
}
