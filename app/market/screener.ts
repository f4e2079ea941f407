import type { Fundamentals } from "./fundamentals";
import type { AssetFacts, SortOrder, StockListItem, StockMarket, StockType } from "./types";

/**
 * The screener's pure part: rows of {quote, facts, fundamentals} filtered by ranges of their
 * indicators and sorted by any column, unknown values last whatever the order. Money is compared
 * in reais (`reais`), so a US listing and a B3 one are ranked like with like.
 */

/** The indicators a visitor can bound with a minimum and a maximum. */
export const screenerRangeFields = ["pe", "pb", "dy", "roe", "liquidity", "marketValue"] as const;
export type ScreenerRangeField = (typeof screenerRangeFields)[number];

/** Money ranges are typed in millions of reais: "liquidity ≥ 5" reads "R$ 5 million a day". */
const moneyRangeFields: readonly ScreenerRangeField[] = ["liquidity", "marketValue"];
const moneyRangeUnit = 1_000_000;

export const screenerSortFields = ["ticker", "type", "sector", "price", "change", ...screenerRangeFields] as const;
export type ScreenerSortField = (typeof screenerSortFields)[number];

type ScreenerRange = { min?: number; max?: number };

export type ScreenerFilter = {
  type?: StockType;
  market?: StockMarket;
  /** A company sector key or a fund segment. */
  sector?: string;
  ranges: Partial<Record<ScreenerRangeField, ScreenerRange>>;
  sort: ScreenerSortField;
  order: SortOrder;
};

export type ScreenerRow = {
  item: StockListItem;
  market: StockMarket;
  facts: AssetFacts | null;
  fundamentals: Fundamentals | null;
  /** The listing's money in reais, for comparing across currencies; null when unknown or no rate. */
  reais: { price: number | null; liquidity: number | null; marketValue: number | null };
};

/** What the sector column shows and the sector filter matches: a fund's segment, a company's sector. */
function sectorOf(row: Pick<ScreenerRow, "item" | "facts">): string | null {
  return row.facts?.fund?.segment ?? row.item.sector;
}

/** A row's value for a column, in the unit ranges are compared in (reais for money). */
export function valueOf(row: ScreenerRow, field: ScreenerRangeField | "price" | "change"): number | null {
  switch (field) {
    case "price":
      return row.reais.price;
    case "change":
      return row.item.changePercent;
    case "pe":
      return row.fundamentals?.priceToEarnings ?? null;
    case "pb":
      return row.fundamentals?.priceToBook ?? null;
    case "dy":
      return row.fundamentals?.dividendYield12m ?? null;
    case "roe":
      return row.facts?.roe ?? null;
    case "liquidity":
      return row.reais.liquidity;
    case "marketValue":
      return row.reais.marketValue;
  }
}

/** A range's bounds in the unit values are compared in (typed millions become reais). */
function boundsOf(field: ScreenerRangeField, range: ScreenerRange): ScreenerRange {
  const unit = moneyRangeFields.includes(field) ? moneyRangeUnit : 1;
  return { min: range.min === undefined ? undefined : range.min * unit, max: range.max === undefined ? undefined : range.max * unit };
}

/** Bounds are inclusive; a bounded indicator excludes rows where it is unknown. */
export function matches(row: ScreenerRow, filter: Omit<ScreenerFilter, "sort" | "order">): boolean {
  if (filter.type && row.item.type !== filter.type) return false;
  if (filter.market && row.market !== filter.market) return false;
  if (filter.sector && sectorOf(row) !== filter.sector) return false;
  for (const field of screenerRangeFields) {
    const range = filter.ranges[field];
    if (!range || (range.min === undefined && range.max === undefined)) continue;
    const value = valueOf(row, field);
    if (value === null || !Number.isFinite(value)) return false;
    const { min, max } = boundsOf(field, range);
    if (min !== undefined && value < min) return false;
    if (max !== undefined && value > max) return false;
  }
  return true;
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

type Key = number | string | null;

function keyOf(row: ScreenerRow, field: ScreenerSortField): Key {
  switch (field) {
    case "ticker":
      return row.item.ticker;
    case "type":
      return row.item.type;
    case "sector":
      return sectorOf(row);
    default: {
      const value = valueOf(row, field);
      return value !== null && Number.isFinite(value) ? value : null;
    }
  }
}

/** Sorted by one column, unknown values last in either order, ties by ticker. */
export function sortRows(rows: readonly ScreenerRow[], sort: ScreenerSortField, order: SortOrder): ScreenerRow[] {
  const direction = order === "asc" ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: keyOf(row, sort) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return collator.compare(a.row.item.ticker, b.row.item.ticker);
      return a.key === null ? 1 : -1;
    }
    const compared =
      typeof a.key === "number" && typeof b.key === "number" ? a.key - b.key : collator.compare(String(a.key), String(b.key));
    return compared !== 0 ? direction * compared : collator.compare(a.row.item.ticker, b.row.item.ticker);
  });
  return keyed.map(({ row }) => row);
}

export function screen(rows: readonly ScreenerRow[], filter: ScreenerFilter): ScreenerRow[] {
  return sortRows(
    rows.filter((row) => matches(row, filter)),
    filter.sort,
    filter.order,
  );
}

/** One page of the result; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { items: T[]; page: number; total: number } {
  const last = Math.max(1, Math.ceil(rows.length / perPage));
  const shown = Math.min(Math.max(1, page), last);
  return { items: rows.slice((shown - 1) * perPage, shown * perPage), page: shown, total: rows.length };
}

/** What the table and the CSV show of a row: money in the listing's own currency, null for unknown. */
export type ScreenerView = {
  ticker: string;
  name: string;
  logo: string | null;
  type: StockType;
  /** A company sector key, or a fund segment when `isSegment`. */
  sector: string | null;
  isSegment: boolean;
  currency: string;
  price: number | null;
  change: number | null;
  pe: number | null;
  pb: number | null;
  dy: number | null;
  roe: number | null;
  liquidity: number | null;
  marketValue: number | null;
};

const finite = (value: number | null | undefined): number | null =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : null;

export function viewOf(row: ScreenerRow): ScreenerView {
  const { item, facts, fundamentals } = row;
  return {
    ticker: item.ticker,
    name: item.name,
    logo: item.logo,
    type: item.type,
    sector: sectorOf(row),
    isSegment: Boolean(facts?.fund),
    currency: item.currency,
    price: finite(item.price),
    change: finite(item.changePercent),
    pe: finite(fundamentals?.priceToEarnings),
    pb: finite(fundamentals?.priceToBook),
    dy: finite(fundamentals?.dividendYield12m),
    roe: finite(facts?.roe),
    liquidity: finite(fundamentals?.averageDailyLiquidity),
    marketValue: finite(fundamentals?.marketValue ?? item.marketCap),
  };
}

/** The CSV's columns, in English keys as the other exports name theirs. */
const screenerCsvHeader = [
  "ticker",
  "name",
  "type",
  "sector",
  "currency",
  "price",
  "change_percent",
  "pe",
  "pb",
  "dividend_yield_12m",
  "roe",
  "avg_daily_liquidity",
  "market_value",
];

/** Ratios rounded to 4 decimals and money to cents, so floating-point noise stays out of the file. */
const round = (value: number | null, decimals: number) => (value === null ? null : Number(value.toFixed(decimals)));

export function screenerCsvRows(views: readonly ScreenerView[]): (string | number | null)[][] {
  return [
    screenerCsvHeader,
    ...views.map((view) => [
      view.ticker,
      view.name,
      view.type,
      view.sector,
      view.currency,
      round(view.price, 2),
      round(view.change, 4),
      round(view.pe, 4),
      round(view.pb, 4),
      round(view.dy, 4),
      round(view.roe, 4),
      round(view.liquidity, 2),
      round(view.marketValue, 2),
    ]),
  ];
}
