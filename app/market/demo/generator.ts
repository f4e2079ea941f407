/**
 * Deterministic price paths for the demo providers. Every number is a pure function of an asset
 * key and a time index, so the same instant yields the same prices in any process, and no state
 * depends on when the process started.
 */

import { LRUCache } from "lru-cache";

import { DAY_MS, MINUTE_MS } from "~/lib/time";

export const STEP_MS = 5 * MINUTE_MS;
/** Day 0 of every walk (a Monday, which `isWeekday` relies on); before it prices rest at their reference. */
export const EPOCH_MS = Date.UTC(2024, 0, 1);

/** FNV-1a with a murmur3 finaliser, so keys that differ in one character give unrelated seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: uniform draws in [0, 1). */
export function uniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box–Muller); `1 - u` keeps the logarithm finite. */
export function gaussian(seed: number): () => number {
  const next = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** Day index since the epoch (negative before it). */
export function dayOf(ms: number): number {
  return Math.floor((ms - EPOCH_MS) / DAY_MS);
}

export function isWeekday(day: number): boolean {
  return ((day % 7) + 7) % 7 < 5;
}

/** Remembers only the latest key: providers ask for the same 5-minute step many times in a row. */
export function memoLast<K, V>(compute: (key: K) => V): (key: K) => V {
  let last: { key: K; value: V } | undefined;
  return (key) => {
    if (!last || last.key !== key) last = { key, value: compute(key) };
    return last.value;
  };
}

/** Trading hours in minutes after 00:00 UTC. */
export type Session = { openMinute: number; closeMinute: number; weekdaysOnly: boolean };
export const roundTheClock: Session = { openMinute: 0, closeMinute: 24 * 60, weekdaysOnly: false };

export type AssetModel = {
  /** Unique across all assets; seeds every draw. */
  key: string;
  /** The long-run level the walk reverts to. */
  reference: number;
  /** Standard deviation of the daily log return. */
  volatility: number;
  /** Typical traded volume per session. */
  referenceVolume: number;
  session: Session;
};

export type Window = { open: number; high: number; low: number; close: number; volume: number };

/** Intraday paths are the expensive part; a bounded LRU keeps a long-running server small. */
const pathCache = new LRUCache<string, Float64Array>({ max: 4096 });
/** Cache keys name the instance, not the asset key, so two models can never share a path by mistake. */
let instanceCount = 0;

const MEAN_REVERSION = 0.02;
/** At or below this daily volatility an asset is a peg (stablecoin): it reverts fast and never leaves the band. */
const PEG_VOLATILITY = 0.002;
const PEG_REVERSION = 0.5;
const PEG_BAND = Math.log(1.009);
/** Opening gaps of session-bound markets, as a share of the daily volatility. */
const GAP_SHARE = 0.3;

/**
 * One asset's price process: log daily closes follow a discrete Ornstein–Uhlenbeck walk from the
 * epoch, and each session is a Brownian bridge of 5-minute knots between the day's open and close.
 * Between knots (and outside the session) the price holds, so every observable price is a knot.
 */
export class PricePath {
  private readonly mean: number;
  private readonly reversion: number;
  private readonly band: number;
  private readonly gap: number;
  /** Knot intervals per session. */
  private readonly steps: number;
  private readonly logCloses: number[] = [];
  private readonly closeDraw: () => number;
  private readonly cachePrefix = `${instanceCount++}|`;

  constructor(private readonly model: AssetModel) {
    const pegged = model.volatility <= PEG_VOLATILITY;
    const { openMinute, closeMinute } = model.session;
    this.mean = Math.log(model.reference);
    this.reversion = pegged ? PEG_REVERSION : MEAN_REVERSION;
    this.band = pegged ? PEG_BAND : Infinity;
    this.steps = ((closeMinute - openMinute) * MINUTE_MS) / STEP_MS;
    this.gap = closeMinute - openMinute < 24 * 60 ? GAP_SHARE * model.volatility : 0;
    this.closeDraw = gaussian(hashString(`${model.key}|closes`));
  }

  isTradingDay(day: number): boolean {
    return !this.model.session.weekdaysOnly || isWeekday(day);
  }

  sessionOpenMs(day: number): number {
    return EPOCH_MS + day * DAY_MS + this.model.session.openMinute * MINUTE_MS;
  }

  sessionCloseMs(day: number): number {
    return EPOCH_MS + day * DAY_MS + this.model.session.closeMinute * MINUTE_MS;
  }

  /** The latest trading day whose session has opened by `ms`. */
  currentSession(ms: number): number {
    let day = dayOf(ms);
    if (ms < this.sessionOpenMs(day)) day--;
    while (!this.isTradingDay(day)) day--;
    return day;
  }

  /** Close of `day`; a non-trading day carries the previous trading day's close. */
  close(day: number): number {
    return Math.exp(this.logClose(day));
  }

  priceAt(ms: number): number {
    const day = dayOf(ms);
    if (!this.isTradingDay(day) || ms >= this.sessionCloseMs(day)) return this.close(day);
    if (ms < this.sessionOpenMs(day)) return this.close(day - 1);
    return this.path(day)[Math.floor((ms - this.sessionOpenMs(day)) / STEP_MS)]!;
  }

  /**
   * Open, close, extremes and traded volume over [fromMs, toMs]. Prices only change at knots, so
   * the extremes are the price at `fromMs` and the knots after it, which keeps low <= open, close <= high.
   */
  window(fromMs: number, toMs: number): Window {
    const open = this.priceAt(fromMs);
    let high = open;
    let low = open;
    let volume = 0;
    for (let day = dayOf(fromMs); day <= dayOf(toMs); day++) {
      if (!this.isTradingDay(day)) continue;
      const start = this.sessionOpenMs(day);
      const first = Math.max(0, Math.floor((fromMs - start) / STEP_MS) + 1);
      const last = Math.min(this.steps, Math.floor((toMs - start) / STEP_MS));
      if (last < first) continue;
      const path = this.path(day);
      for (let k = first; k <= last; k++) {
        const price = path[k]!;
        if (price > high) high = price;
        if (price < low) low = price;
      }
      // Knot k > 0 completes the k-th step; knot 0 is the opening print.
      volume += (this.dayVolume(day) * (last - Math.max(first, 1) + 1)) / this.steps;
    }
    return { open, high, low, close: this.priceAt(toMs), volume };
  }

  private bound(logPrice: number): number {
    return Math.min(this.mean + this.band, Math.max(this.mean - this.band, logPrice));
  }

  /** Closes are filled in order from the epoch with one seeded stream, so they never depend on call order. */
  private logClose(day: number): number {
    if (day < 0) return this.mean;
    while (this.logCloses.length <= day) {
      const previous = this.logCloses.at(-1) ?? this.mean;
      const next = this.isTradingDay(this.logCloses.length)
        ? this.bound(this.mean + (previous - this.mean) * (1 - this.reversion) + this.model.volatility * this.closeDraw())
        : previous;
      this.logCloses.push(next);
    }
    return this.logCloses[day]!;
  }

  /** Trading volume of a whole session: log-normal noise, busier on days that moved more. */
  private dayVolume(day: number): number {
    const draw = gaussian(hashString(`${this.model.key}|volume|${day}`));
    const move = Math.abs(this.logClose(day) - this.logClose(day - 1)) / this.model.volatility;
    return this.model.referenceVolume * Math.exp(0.25 * draw()) * (0.7 + 0.3 * move);
  }

  private path(day: number): Float64Array {
    const key = this.cachePrefix + day;
    let path = pathCache.get(key);
    if (!path) {
      path = this.buildPath(day);
      pathCache.set(key, path);
    }
    return path;
  }

  /** Brownian bridge sampled forward: each knot pulls toward the close with the conditional variance left. */
  private buildPath(day: number): Float64Array {
    const draw = gaussian(hashString(`${this.model.key}|path|${day}`));
    const n = this.steps;
    const end = this.logClose(day);
    const stepVariance = this.model.volatility ** 2 / n;
    const path = new Float64Array(n + 1);
    let x = this.bound(this.logClose(day - 1) + this.gap * draw());
    path[0] = Math.exp(x);
    for (let k = 1; k < n; k++) {
      const left = n - k + 1;
      x += (end - x) / left + Math.sqrt((stepVariance * (left - 1)) / left) * draw();
      path[k] = Math.exp(this.bound(x));
    }
    path[n] = Math.exp(end);
    return path;
  }
}
