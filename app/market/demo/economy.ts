import { DAY_MS, isoDate } from "~/lib/time";

import type { EconomyProvider } from "../providers/provider";
import type { EconomicPoint, EconomicSeriesId } from "../types";
import { isBusinessDay } from "./business-days";
import { hashString, uniform } from "./generator";

/**
 * The Selic target after each Copom decision (effective the next day), from Banco Central's public
 * record up to mid-2025; the demo holds the last one. Illustrative, like every demo figure.
 */
const selicDecisions: [date: string, rate: number][] = [
  ["2023-12-14", 11.75],
  ["2024-02-01", 11.25],
  ["2024-03-21", 10.75],
  ["2024-05-09", 10.5],
  ["2024-09-19", 10.75],
  ["2024-11-07", 11.25],
  ["2024-12-12", 12.25],
  ["2025-01-30", 13.25],
  ["2025-03-20", 14.25],
  ["2025-05-08", 14.75],
  ["2025-06-19", 15],
];

/** The CDI runs a tenth of a point under the Selic target. */
const CDI_SPREAD = 0.1;
/** Monthly IPCA is published around the 10th of the next month. */
const IPCA_RELEASE_DAY = 10;

function selicOn(date: string): number {
  let rate = selicDecisions[0]![1];
  for (const [decided, value] of selicDecisions) if (decided < date) rate = value;
  return rate;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A month's IPCA (%): a seeded draw around 0.35 % a month, about 4.3 % a year. */
function ipcaOf(year: number, month: number): number {
  const draw = uniform(hashString(`ipca|${year}-${month}`));
  return round(0.35 + (draw() + draw() - 1) * 0.3, 2);
}

/** Months as [year, month 1-12] from the first day of `from`'s month through `to`'s. */
function monthsBetween(from: string, to: string): [number, number][] {
  const months: [number, number][] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  const [lastYear, lastMonth] = to.split("-").map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push([year, month]);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;

/** The latest month whose IPCA is out at `date`. */
function lastPublishedMonth(date: string): [number, number] {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const back = day >= IPCA_RELEASE_DAY ? 1 : 2;
  const index = year * 12 + (month - 1) - back;
  return [Math.floor(index / 12), (index % 12) + 1];
}

function twelveMonths(year: number, month: number): number {
  let factor = 1;
  for (let back = 0; back < 12; back++) {
    const index = year * 12 + (month - 1) - back;
    factor *= 1 + ipcaOf(Math.floor(index / 12), (index % 12) + 1) / 100;
  }
  return round((factor - 1) * 100, 2);
}

function seriesBetween(id: EconomicSeriesId, from: string, to: string): EconomicPoint[] {
  if (id === "ipca" || id === "ipca12m") {
    const [lastYear, lastMonth] = lastPublishedMonth(to);
    return monthsBetween(from.slice(0, 8) + "01", monthStart(lastYear, lastMonth))
      .map(([year, month]) => ({ date: monthStart(year, month), value: id === "ipca" ? ipcaOf(year, month) : twelveMonths(year, month) }))
      .filter(({ date }) => date >= from.slice(0, 8) + "01");
  }
  // The rates are quoted on B3's business days only, so the CDI accrues about 252 times a year, as it does.
  const points: EconomicPoint[] = [];
  for (let day = Math.floor(Date.parse(from) / DAY_MS); day <= Math.floor(Date.parse(to) / DAY_MS); day++) {
    if (!isBusinessDay(day, "B3")) continue;
    const date = isoDate(day * DAY_MS);
    const selic = selicOn(date);
    const cdi = selic - CDI_SPREAD;
    const value = id === "selic" ? selic : id === "cdi" ? round(cdi, 2) : round(((1 + cdi / 100) ** (1 / 252) - 1) * 100, 6);
    points.push({ date, value });
  }
  return points;
}

export function createEconomyProvider(clock: () => number): EconomyProvider {
  return {
    source: "demo",
    async series(id, from, to) {
      const today = isoDate(clock());
      return seriesBetween(id, from, to < today ? to : today);
    },
    async latest(id) {
      const now = clock();
      return seriesBetween(id, isoDate(now - 70 * DAY_MS), isoDate(now)).at(-1) ?? null;
    },
  };
}
