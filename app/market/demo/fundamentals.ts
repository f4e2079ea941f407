/**
 * Illustrative fundamentals and payouts for every embedded asset, drawn once from the asset's key
 * (sector multiples typical of each market) and anchored to its reference price, so yields and
 * multiples land where real ones do and then move with the generated price. Ratios to the price
 * are worked out in `fundamentalsAt`, never stored.
 */
import { z } from "zod";

import { DAY_MS, isoDate } from "~/lib/time";
import { marketOf, type StockAsset, stockAssets } from "~/market/catalogue";

import instrumentsJson from "../data/instruments.json";
import { classifiedFacts } from "../instrument-classification";
import type { Exchange } from "../market-hours";
import type { FundamentalsProvider } from "../providers/provider";
import { type AssetFacts, type FundSegment, type Payout, type PayoutKind } from "../types";
import { businessDayUntil, dateOfDay, lastBusinessDay, nthBusinessDay } from "./business-days";
import { hashString, uniform } from "./generator";

/** Which companies report losses and which assets pay nothing: illustrative choices of the demo. */
const demoChoices = z
  .object({ lossMaking: z.array(z.string()), nonPayers: z.array(z.string()), accumulatingEtfs: z.array(z.string()) })
  .parse(instrumentsJson);

type Range = readonly [low: number, high: number];
/** Typical multiples and margins per sector; `netDebt`/`roicShare` are null where they mean nothing (banks, insurers). */
type Profile = { pe: Range; pb: Range; margin: Range; payout: Range; netDebt: Range | null; roicShare: Range | null; jcpShare: number };

const b3Profiles: Record<string, Profile> = {
  energy: { pe: [4, 9], pb: [0.9, 2], margin: [10, 28], payout: [0.35, 0.7], netDebt: [0.3, 2], roicShare: [0.6, 0.85], jcpShare: 0.3 },
  materials: {
    pe: [5, 12],
    pb: [0.8, 2],
    margin: [6, 20],
    payout: [0.3, 0.6],
    netDebt: [0.5, 2.5],
    roicShare: [0.6, 0.85],
    jcpShare: 0.25,
  },
  financials: { pe: [5, 11], pb: [0.8, 2.2], margin: [15, 35], payout: [0.3, 0.6], netDebt: null, roicShare: null, jcpShare: 0.7 },
  utilities: {
    pe: [6, 12],
    pb: [1, 2.2],
    margin: [10, 25],
    payout: [0.45, 0.9],
    netDebt: [1.5, 4],
    roicShare: [0.5, 0.75],
    jcpShare: 0.35,
  },
  "consumer-staples": {
    pe: [8, 18],
    pb: [1, 3],
    margin: [3, 12],
    payout: [0.2, 0.5],
    netDebt: [0.5, 3],
    roicShare: [0.6, 0.9],
    jcpShare: 0.3,
  },
  "consumer-discretionary": {
    pe: [8, 25],
    pb: [0.8, 4],
    margin: [2, 12],
    payout: [0.1, 0.4],
    netDebt: [0.5, 3],
    roicShare: [0.6, 0.9],
    jcpShare: 0.3,
  },
  "health-care": {
    pe: [12, 30],
    pb: [1.5, 4],
    margin: [4, 15],
    payout: [0.2, 0.4],
    netDebt: [0.5, 2.5],
    roicShare: [0.6, 0.9],
    jcpShare: 0.3,
  },
  "information-technology": {
    pe: [15, 40],
    pb: [2, 8],
    margin: [8, 25],
    payout: [0.1, 0.4],
    netDebt: [-0.5, 1],
    roicShare: [0.7, 0.95],
    jcpShare: 0.3,
  },
  "communication-services": {
    pe: [10, 25],
    pb: [1, 3],
    margin: [8, 20],
    payout: [0.5, 0.9],
    netDebt: [0.5, 2],
    roicShare: [0.6, 0.85],
    jcpShare: 0.4,
  },
  industrials: {
    pe: [10, 30],
    pb: [1.5, 6],
    margin: [6, 18],
    payout: [0.25, 0.5],
    netDebt: [0.5, 3],
    roicShare: [0.6, 0.9],
    jcpShare: 0.4,
  },
  "real-estate": {
    pe: [5, 12],
    pb: [0.6, 1.8],
    margin: [8, 20],
    payout: [0.2, 0.4],
    netDebt: [-0.5, 1.5],
    roicShare: [0.6, 0.85],
    jcpShare: 0.2,
  },
};
/** US companies trade at higher multiples and pay a smaller share of earnings; none pays JCP. */
const usProfile: Profile = {
  pe: [15, 40],
  pb: [3, 15],
  margin: [10, 35],
  payout: [0.15, 0.6],
  netDebt: [0, 2.5],
  roicShare: [0.6, 0.95],
  jcpShare: 0,
};
const usFinancials: Profile = { ...usProfile, pe: [10, 20], pb: [1.2, 3], netDebt: null, roicShare: null };

/** Funds: yearly income as a share of the reference price, P/VP, and vacancy for those holding buildings. */
const fundProfiles: Record<FundSegment, { yield: Range; pb: Range; vacancy: Range | null }> = {
  tijolo: { yield: [7.5, 10], pb: [0.75, 1.02], vacancy: [0, 14] },
  papel: { yield: [11, 14], pb: [0.85, 1.05], vacancy: null },
  hibrido: { yield: [8, 10.5], pb: [0.8, 1], vacancy: [0, 10] },
  "fundo-de-fundos": { yield: [9, 12], pb: [0.8, 0.98], vacancy: null },
  fiagro: { yield: [12, 15], pb: [0.85, 1.02], vacancy: null },
  "fi-infra": { yield: [11, 14], pb: [0.9, 1.05], vacancy: null },
};
/** Equity ETFs that distribute (DIVO11 pays its dividends out) yield about this much a year. */
const distributingEtfYield: Range = [4, 7];

const lossMaking = new Set(demoChoices.lossMaking);
const nonPayers = new Set(demoChoices.nonPayers);
const accumulatingEtfs = new Set(demoChoices.accumulatingEtfs);
const byTicker = new Map(stockAssets.map((asset) => [asset.ticker, asset]));

/** Payout history goes back this many years, far enough for a 5-year yield. */
const HISTORY_YEARS = 6;
/** A payout is announced this many days before its record date; later ones are not known yet. */
const ANNOUNCED_DAYS_AHEAD = 30;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

type Schedule = "quarterly" | "monthly" | "none";
type Drivers = {
  facts: Omit<AssetFacts, "payouts" | "missing">;
  schedule: Schedule;
  /** Income per share per year at the reference price. */
  yearlyIncome: number;
  jcpShare: number;
  growth: number;
};

/** What every asset reports, before the figures of its kind. */
function listing(asset: StockAsset): Drivers["facts"] {
  return {
    ticker: asset.ticker,
    currency: asset.currency,
    earningsPerShare: null,
    bookValuePerShare: null,
    sharesOutstanding: asset.marketCap / asset.price,
    averageVolume: asset.averageVolume,
    roe: null,
    roic: null,
    netMargin: null,
    netDebtToEbitda: null,
    freeFloat: null,
    fund: null,
    etf: null,
    bdr: null,
  };
}

function draw(key: string) {
  const next = uniform(hashString(`facts|${key}`));
  return (range: Range) => range[0] + (range[1] - range[0]) * next();
}

function companyDrivers(asset: StockAsset, exchange: Exchange): Drivers {
  // A BDR shares its company's draws, so AAPL34 and AAPL tell the same story.
  const { bdr } = classifiedFacts(asset.ticker);
  const pick = draw(bdr?.underlying ?? asset.ticker);
  const us = exchange === "US" || bdr !== null;
  const profile = us ? (asset.sector === "financials" ? usFinancials : usProfile) : (b3Profiles[asset.sector] ?? usProfile);
  const loss = lossMaking.has(asset.ticker) || (bdr !== null && lossMaking.has(bdr.underlying));
  const pe = pick(profile.pe);
  const pb = pick(profile.pb);
  const margin = pick(profile.margin);
  const earningsPerShare = (loss ? -0.4 : 1) * (asset.price / pe);
  const bookValuePerShare = asset.price / pb;
  const roe = (earningsPerShare / bookValuePerShare) * 100;
  const pays = !loss && !nonPayers.has(asset.ticker) && !(bdr && nonPayers.has(bdr.underlying));
  return {
    facts: {
      ...listing(asset),
      earningsPerShare,
      bookValuePerShare,
      roe,
      roic: profile.roicShare ? roe * pick(profile.roicShare) : null,
      netMargin: loss ? -margin / 2 : margin,
      netDebtToEbitda: profile.netDebt ? pick(profile.netDebt) : null,
      freeFloat: exchange === "B3" && !bdr ? pick([25, 95]) : null,
      bdr,
    },
    schedule: pays ? "quarterly" : "none",
    yearlyIncome: pays ? earningsPerShare * pick(profile.payout) : 0,
    jcpShare: profile.jcpShare,
    growth: pick([0, 0.08]),
  };
}

function fundDrivers(asset: StockAsset): Drivers {
  const pick = draw(asset.ticker);
  const segment = classifiedFacts(asset.ticker).fund?.segment ?? "hibrido";
  const profile = fundProfiles[segment];
  const bookValuePerShare = asset.price / pick(profile.pb);
  const netWorth = (bookValuePerShare * asset.marketCap) / asset.price;
  return {
    facts: {
      ...listing(asset),
      bookValuePerShare,
      // Retail holders put a few thousand reais each into a fund.
      fund: { segment, netWorth, holders: Math.round(netWorth / pick([2_500, 9_000])), vacancy: profile.vacancy && pick(profile.vacancy) },
    },
    schedule: "monthly",
    yearlyIncome: (asset.price * pick(profile.yield)) / 100,
    jcpShare: 0,
    growth: pick([-0.02, 0.04]),
  };
}

function etfDrivers(asset: StockAsset): Drivers {
  const pick = draw(asset.ticker);
  const distributes = !accumulatingEtfs.has(asset.ticker);
  return {
    facts: { ...listing(asset), etf: classifiedFacts(asset.ticker).etf ?? { underlyingIndex: asset.name } },
    schedule: distributes ? "quarterly" : "none",
    yearlyIncome: distributes ? (asset.price * pick(distributingEtfYield)) / 100 : 0,
    jcpShare: 0,
    growth: pick([0, 0.05]),
  };
}

function driversOf(asset: StockAsset): Drivers {
  if (asset.type === "fund") return fundDrivers(asset);
  if (asset.type === "others") return etfDrivers(asset);
  return companyDrivers(asset, marketOf(asset));
}

const drivers = new Map(stockAssets.map((asset) => [asset.ticker, driversOf(asset)]));

/** The year the reference prices describe: payouts grow towards it and beyond. */
const REFERENCE_YEAR = 2026;

type Scheduled = Payout & { recordDate: string; paymentDate: string };

function payout(kind: PayoutKind, amount: number, recordDay: number, paymentDay: number, digits: number): Scheduled {
  return { kind, amount: round(amount, digits), recordDate: dateOfDay(recordDay), paymentDate: dateOfDay(paymentDay) };
}

/** Schedules are pure and small: kept once computed, so the screener can read every asset per request. */
const schedules = new Map<string, readonly Scheduled[]>();

/** Every payout of `ticker` paid in `year`, oldest first, announced or not. */
export function scheduledPayouts(ticker: string, year: number): readonly Scheduled[] {
  const key = `${ticker}|${year}`;
  let schedule = schedules.get(key);
  if (!schedule) {
    schedule = computeSchedule(ticker, year);
    schedules.set(key, schedule);
  }
  return schedule;
}

function computeSchedule(ticker: string, year: number): Scheduled[] {
  const asset = byTicker.get(ticker);
  const driver = drivers.get(ticker);
  if (!asset || !driver || driver.schedule === "none") return [];
  const next = uniform(hashString(`payouts|${ticker}|${year}`));
  const level = driver.yearlyIncome * (1 + driver.growth) ** (year - REFERENCE_YEAR);
  if (driver.schedule === "monthly") {
    // FIIs: record date on the month's last business day, paid on a fixed business day of the next month.
    const businessDay = 8 + (hashString(`dividend-day|${ticker}`) % 5);
    return Array.from({ length: 12 }, (_, month) =>
      payout(
        "income",
        (level / 12) * (0.9 + 0.2 * next()),
        lastBusinessDay(year, month - 1, "B3"),
        nthBusinessDay(year, month, businessDay, "B3"),
        2,
      ),
    );
  }
  // Paid on business days of the exchange where the asset is listed (a BDR's on B3's).
  const exchange: Exchange = marketOf(asset);
  const monthInQuarter = hashString(`dividend-month|${ticker}`) % 3;
  return [0, 1, 2, 3].map((quarter) => {
    const businessDay = 1 + (hashString(`dividend-day|${ticker}|${year}|${quarter}`) % 18);
    const paymentDay = nthBusinessDay(year, quarter * 3 + monthInQuarter, businessDay, exchange);
    const recordDay = businessDayUntil(paymentDay - 15 - Math.floor(next() * 30), exchange);
    const kind: PayoutKind = next() < driver.jcpShare ? "jcp" : "dividend";
    return payout(kind, (level / 4) * (0.8 + 0.4 * next()), recordDay, paymentDay, 4);
  });
}

/** Whether a scheduled payout is public at `now`: companies announce it a few weeks before its record date. */
export function isAnnounced(payout: Scheduled, now: number): boolean {
  return payout.recordDate <= isoDate(now + ANNOUNCED_DAYS_AHEAD * DAY_MS);
}

/** The embedded facts of a ticker at `now`, or null when the dataset does not list it. */
export function demoFacts(ticker: string, now: number): AssetFacts | null {
  const driver = drivers.get(ticker);
  if (!driver) return null;
  const year = new Date(now).getUTCFullYear();
  const payouts: Payout[] = [];
  for (let y = year + 1; y >= year - HISTORY_YEARS; y--) {
    payouts.push(
      ...scheduledPayouts(ticker, y)
        .filter((scheduled) => isAnnounced(scheduled, now))
        .reverse()
        .map((scheduled) => ({ ...scheduled })),
    );
  }
  return { ...driver.facts, fund: driver.facts.fund && { ...driver.facts.fund }, payouts, missing: [] };
}

export function createFundamentalsProvider(clock: () => number): FundamentalsProvider {
  return {
    source: "demo",
    async facts(ticker) {
      return demoFacts(ticker.trim().toUpperCase(), clock());
    },
  };
}
