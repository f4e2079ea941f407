import { liveVariablesOf, type MarketSources, upstreamsOf } from "~/market/providers/sources.server";

const dataKinds = ["cryptos", "stocks", "usStocks", "news", "calendar", "rates", "economy"] as const;
type DataKind = (typeof dataKinds)[number];

export type DataSourceOfKind = {
  kind: DataKind;
  /**
   * Where the kind comes from on this instance: the demo, nothing (`none`: US stocks beside a live B3
   * upstream that serves B3 alone), its live upstreams, or (`liveEarnings`) only the calendar's
   * earnings from them, the other dates embedded.
   */
  source: "demo" | "none" | "live" | "liveEarnings";
  /** The live upstreams, in the registry's words: their ids and the names shown. */
  upstreams: { id: string; label: string }[];
  /** The environment variables that switch this kind to live data (README, "Configuration"). */
  liveVariables: readonly string[];
};

function sourceOf(kind: DataKind, live: boolean, sources: MarketSources): DataSourceOfKind["source"] {
  if (live) return kind === "calendar" ? "liveEarnings" : "live";
  // The demo has US stocks of its own; live B3 stocks leave them out unless an upstream serves them.
  return kind === "usStocks" && upstreamsOf(sources, "stocks").length > 0 ? "none" : "demo";
}

/** Each kind of market data with the upstreams this instance takes it from, for the about-data page. */
export function dataSourcesOf(sources: MarketSources): DataSourceOfKind[] {
  return dataKinds.map((kind) => {
    const upstreams = upstreamsOf(sources, kind).map(({ id, label }) => ({ id, label }));
    return { kind, source: sourceOf(kind, upstreams.length > 0, sources), upstreams, liveVariables: liveVariablesOf(sources, kind) };
  });
}

/** How often live data is refreshed, in the largest whole unit, for `Intl.NumberFormat`'s unit style. */
export function refreshInterval(cacheTtlMs: number): { value: number; unit: "minute" | "second" } {
  const seconds = Math.max(1, Math.round(cacheTtlMs / 1000));
  return seconds % 60 === 0 ? { value: seconds / 60, unit: "minute" } : { value: seconds, unit: "second" };
}
