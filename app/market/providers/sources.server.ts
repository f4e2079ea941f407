import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";

import { createDemoProviders } from "../demo";
import { marketUpstreams } from "../live/registry";
import { fundamentalsByMarket } from "./fundamentals-by-market";
import type { CalendarProvider, CryptoMarketProvider, FundamentalsProvider, IndexProvider, MarketProviders } from "./provider";
import { stocksByMarket } from "./stocks-by-market";
import type { KindProviders, MarketKind, Upstream, UpstreamContext } from "./upstream";

/** A kind the operator chooses the upstream of with a variable. */
type Choice = {
  kind: MarketKind;
  variable: string;
  /** The value that chooses no upstream: the embedded demo, or nothing at all. */
  off: string;
  /** Left unset, the kind comes from the first upstream serving it whose keys are set. */
  auto?: boolean;
  /** Served only beside a live `kind`: a choice without it is refused when `required`, else set aside. */
  beside?: { kind: MarketKind; required: boolean };
};

/** The kinds chosen by a variable, each after the kind it is served beside. */
const choices: readonly Choice[] = [
  { kind: "cryptos", variable: "CRYPTO_PROVIDER", off: "demo" },
  // Exchange prices only ever move live figures, never demo ones.
  { kind: "cryptoStream", variable: "CRYPTO_STREAM", off: "off", auto: true, beside: { kind: "cryptos", required: false } },
  { kind: "stocks", variable: "STOCKS_PROVIDER", off: "demo" },
  // The demo has US stocks of its own: live US names only join live B3 ones.
  { kind: "usStocks", variable: "US_STOCKS_PROVIDER", off: "none", auto: true, beside: { kind: "stocks", required: true } },
  { kind: "news", variable: "NEWS_PROVIDER", off: "demo" },
  { kind: "calendar", variable: "CALENDAR_PROVIDER", off: "demo" },
  { kind: "rates", variable: "RATES_PROVIDER", off: "demo" },
  { kind: "economy", variable: "ECONOMY_PROVIDER", off: "demo" },
];

/** Kinds that come from the upstream chosen for another kind, when it serves them. */
const followers: readonly [follower: MarketKind, leader: MarketKind][] = [
  ["cryptoMarket", "cryptos"],
  ["fundamentals", "stocks"],
  ["indices", "stocks"],
  ["usFundamentals", "usStocks"],
];

/** Which upstream serves each kind on this instance, chosen from a registry by the environment. */
export type MarketSources = {
  upstreams: readonly Upstream[];
  /** A kind left out is the demo's, or not served at all. */
  chosen: Readonly<Partial<Record<MarketKind, Upstream>>>;
  /** The values of the registry's variables, each upstream's read by its own factories. */
  variables: Readonly<Record<string, unknown>>;
};

const serving = (upstreams: readonly Upstream[], kind: MarketKind) => upstreams.filter((upstream) => upstream.serves.includes(kind));

function choiceOf(kind: MarketKind): Choice {
  const choice = choices.find((candidate) => candidate.kind === kind);
  if (!choice) throw new Error(`no variable chooses ${kind}`);
  return choice;
}

/** An upstream and those its provider of `kind` is built on: the first serving each kind it uses. */
function withUsed(upstreams: readonly Upstream[], upstream: Upstream, kind: MarketKind): Upstream[] {
  return [upstream, ...(upstream.uses?.[kind] ?? []).flatMap((used) => serving(upstreams, used).slice(0, 1))];
}

/**
 * The market's section of the configuration: each chosen kind's variable (its values the registry's
 * ids), every upstream's own variables, and which upstream serves what. A chosen upstream's
 * required keys, and those of the upstreams it is built on, must be set.
 */
export function marketSourcesEnv(upstreams: readonly Upstream[] = marketUpstreams) {
  const shape: Record<string, z.ZodType> = {};
  for (const { kind, variable, off } of choices) {
    const ids = serving(upstreams, kind).map((upstream) => upstream.id);
    shape[variable] = z.preprocess(emptyAsUndefined, z.enum([off, ...ids]).optional());
  }
  for (const upstream of upstreams) Object.assign(shape, upstream.env.shape);
  return z.object(shape).transform((variables, context): MarketSources => {
    const missingKeys = (upstream: Upstream, kind: MarketKind) =>
      withUsed(upstreams, upstream, kind).flatMap(({ credential }) =>
        credential?.required && !variables[credential.variable] ? [credential.variable] : [],
      );
    const chosen: Partial<Record<MarketKind, Upstream>> = {};
    for (const { kind, variable, auto, beside } of choices) {
      const named = variables[variable];
      const explicit = upstreams.find((upstream) => upstream.id === named && upstream.serves.includes(kind));
      if (explicit) {
        if (beside?.required && !chosen[beside.kind]) {
          const live = serving(upstreams, beside.kind).map((upstream) => upstream.id);
          context.addIssue({ code: "custom", path: [variable], message: `needs ${choiceOf(beside.kind).variable}=${live.join(" or ")}` });
        }
        for (const key of missingKeys(explicit, kind)) {
          context.addIssue({ code: "custom", path: [key], message: `is required when ${variable}=${explicit.id}` });
        }
      }
      if (beside && !chosen[beside.kind]) continue;
      const upstream =
        named === undefined && auto ? serving(upstreams, kind).find((candidate) => missingKeys(candidate, kind).length === 0) : explicit;
      if (!upstream) continue;
      chosen[kind] = upstream;
      for (const used of upstream.uses?.[kind] ?? []) chosen[used] = serving(upstreams, used)[0];
    }
    for (const [follower, leader] of followers) {
      if (chosen[leader]?.serves.includes(follower)) chosen[follower] = chosen[leader];
    }
    return { upstreams, chosen, variables };
  });
}

type BuildOptions = { timeoutMs: number; logger: Logger };

/** Builds the chosen upstream's provider of a kind; undefined when no upstream serves it. */
function builderFor({ chosen, variables }: MarketSources, { timeoutMs, logger }: BuildOptions) {
  const context: UpstreamContext = {
    timeoutMs,
    logger,
    use(kind) {
      const provider = build(kind);
      if (!provider) throw new Error(`no upstream serves ${kind}`);
      return provider;
    },
  };
  function build<K extends MarketKind>(kind: K): KindProviders[K] | undefined {
    return chosen[kind]?.create(kind, variables, context);
  }
  return build;
}

/** What a live upstream does not serve beside its kind is unknown ("—"), never demonstration figures beside live prices. */
const notServed = {
  fundamentals: { source: "live", facts: async () => null } satisfies FundamentalsProvider,
  indices: { source: "live", quote: async () => null } satisfies IndexProvider,
  cryptoMarket: {
    source: "live",
    summary: async () => ({ totalMarketCap: null, btcDominance: null, change24h: null }),
  } satisfies CryptoMarketProvider,
};

/** Live earnings from the upstream, with the embedded holidays, economic dates and dividends around them. */
function withEmbeddedEvents(live: CalendarProvider, embedded: CalendarProvider): CalendarProvider {
  return {
    source: "live",
    async events(from, to, language) {
      const [earnings, others] = await Promise.all([live.events(from, to, language), embedded.events(from, to, language)]);
      return [...earnings, ...others.filter((event) => event.kind !== "earnings")].sort(
        (a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind),
      );
    },
  };
}

/** The embedded demo providers, with each kind replaced by its chosen upstream's. */
export function providersFor(sources: MarketSources, options: BuildOptions): MarketProviders {
  const build = builderFor(sources, options);
  const demo = createDemoProviders();
  const crypto = build("cryptos");
  const b3 = build("stocks");
  const b3Facts = build("fundamentals") ?? notServed.fundamentals;
  // US names from an upstream of their own join live B3 ones; the demo has both markets.
  const us = build("usStocks");
  const usFacts = build("usFundamentals");
  const calendar = build("calendar");
  return {
    crypto: crypto ?? demo.crypto,
    cryptoMarket: build("cryptoMarket") ?? (crypto ? notServed.cryptoMarket : demo.cryptoMarket),
    stocks: b3 ? (us ? stocksByMarket(b3, us) : b3) : demo.stocks,
    fundamentals: b3 ? (usFacts ? fundamentalsByMarket(b3Facts, usFacts) : b3Facts) : demo.fundamentals,
    indices: b3 ? (build("indices") ?? notServed.indices) : demo.indices,
    news: build("news") ?? demo.news,
    calendar: calendar ? withEmbeddedEvents(calendar, demo.calendar) : demo.calendar,
    rates: build("rates") ?? demo.rates,
    economy: build("economy") ?? demo.economy,
  };
}

/** The exchange stream chosen beside live cryptos, if any, quoting coins by the symbols `symbolOf` knows. */
export function exchangeStreamFor(sources: MarketSources, options: BuildOptions, symbolOf: (coinId: string) => string | undefined) {
  return builderFor(sources, options)("cryptoStream")?.(symbolOf);
}

/** The upstreams a kind comes from on this instance: the one chosen for it and those its provider is built on. */
export function upstreamsOf({ upstreams, chosen }: MarketSources, kind: MarketKind): Upstream[] {
  const upstream = chosen[kind];
  return upstream ? withUsed(upstreams, upstream, kind) : [];
}

/**
 * The variables that switch a kind to each upstream serving it: its own choice and the keys, or,
 * for a kind that turns on by itself beside another, that kind's choice and the keys.
 */
export function liveVariablesOf({ upstreams }: MarketSources, kind: MarketKind): string[] {
  const { variable, auto, beside } = choiceOf(kind);
  const choosing = (upstream: Upstream) =>
    auto && beside
      ? serving(upstreams, beside.kind).map((leader) => `${choiceOf(beside.kind).variable}=${leader.id}`)
      : [`${variable}=${upstream.id}`];
  const keys = (upstream: Upstream) => withUsed(upstreams, upstream, kind).flatMap(({ credential }) => credential?.variable ?? []);
  return [...new Set(serving(upstreams, kind).flatMap((upstream) => [...choosing(upstream), ...keys(upstream)]))];
}
