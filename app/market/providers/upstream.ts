import type { z } from "zod";

import type { Logger } from "~/platform/logger.server";

import type {
  CalendarProvider,
  CryptoMarketProvider,
  CryptoProvider,
  DailyCandleProvider,
  EconomyProvider,
  ExchangeStream,
  FundamentalsProvider,
  IndexProvider,
  NewsProvider,
  RatesProvider,
  StockProvider,
  UsStockProvider,
} from "./provider";

/**
 * Every kind of market data an upstream can serve, with the provider that serves it. B3 and US
 * stocks are apart because each market has its own upstreams; fundamentals and indices come from
 * the upstream of their market's stocks, the crypto market's summary and the exchange stream go
 * with the cryptos (docs/decisions/0043-provider-registry.md).
 */
export type KindProviders = {
  cryptos: CryptoProvider;
  cryptoMarket: CryptoMarketProvider;
  /** Prices an exchange pushes between two reads of the crypto provider; it quotes our coin ids by their symbols. */
  cryptoStream: (symbolOf: (coinId: string) => string | undefined) => ExchangeStream;
  /** B3 stocks, funds, BDRs and ETFs. */
  stocks: StockProvider;
  fundamentals: FundamentalsProvider;
  indices: IndexProvider;
  usStocks: UsStockProvider;
  usFundamentals: FundamentalsProvider;
  /** Daily candles of US stocks, for an upstream that has their quotes but not their history. */
  usCandles: DailyCandleProvider;
  news: NewsProvider;
  calendar: CalendarProvider;
  rates: RatesProvider;
  economy: EconomyProvider;
};

export type MarketKind = keyof KindProviders;

/** What an upstream's factory is given. */
export type UpstreamContext = {
  timeoutMs: number;
  logger: Logger;
  /** The provider of a kind the upstream declared in `uses`, from the upstream the registry chose for it. */
  use<K extends MarketKind>(kind: K): KindProviders[K];
};

/** One market-data upstream: everything the app needs to know of it lives in its folder under market/live. */
export type UpstreamDefinition<Variables extends z.ZodObject> = {
  /** Its name in the variables that choose it (STOCKS_PROVIDER=<id>). */
  id: string;
  /** Its name on the About-data page: a proper name, the same in every language. */
  label: string;
  /** Its own environment variables (keys, base URLs), validated with the rest of the configuration. */
  env: Variables;
  /** The variable holding its key or token, and whether it serves nothing without one. */
  credential?: { variable: keyof z.output<Variables> & string; required: boolean };
  /** For a kind it serves, the kinds its provider is built on, served by other upstreams (US quotes on another's candles). */
  uses?: { [K in MarketKind]?: readonly MarketKind[] };
  /** One factory per kind it serves. */
  serves: { [K in MarketKind]?: (env: z.output<Variables>, context: UpstreamContext) => KindProviders[K] };
};

/** An upstream as the registry holds it, whatever its variables. */
export type Upstream = Omit<UpstreamDefinition<z.ZodObject>, "credential" | "serves"> & {
  credential?: { variable: string; required: boolean };
  serves: readonly MarketKind[];
  /** Its provider of `kind`, from the configuration's values of its variables. */
  create<K extends MarketKind>(kind: K, variables: Readonly<Record<string, unknown>>, context: UpstreamContext): KindProviders[K];
};

export function defineUpstream<Variables extends z.ZodObject>({ serves, ...definition }: UpstreamDefinition<Variables>): Upstream {
  return {
    ...definition,
    serves: Object.keys(serves) as MarketKind[],
    create(kind, variables, context) {
      const factory = serves[kind];
      if (!factory) throw new Error(`${definition.id} does not serve ${kind}`);
      // The configuration's values were parsed by this very schema, with the rest of the environment.
      return factory(variables as z.output<Variables>, context);
    },
  };
}
