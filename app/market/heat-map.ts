import type { StockListItem } from "./types";

/** How many of the largest B3 names the home heat map shows. */
export const heatMapSize = 24;

/** Day-change bands in percent: a tile's colour says which band its change falls in. */
const bands = [-3, -1.5, -0.25, 0.25, 1.5, 3] as const;
export type HeatBand = "down3" | "down2" | "down1" | "flat" | "up1" | "up2" | "up3";
const bandNames: HeatBand[] = ["down3", "down2", "down1", "flat", "up1", "up2", "up3"];

export type HeatTile = {
  ticker: string;
  name: string;
  changePercent: number | null;
  marketCap: number;
  band: HeatBand;
  /** 3: the largest names (two columns, two rows), 2: large (two columns), 1: the rest. */
  size: 1 | 2 | 3;
};

export function heatBand(change: number | null): HeatBand {
  if (change === null) return "flat";
  const index = bands.findIndex((limit) => change < limit);
  return bandNames[index === -1 ? bands.length : index]!;
}

/**
 * The `count` largest listings by market value, largest first, each with its colour band and a
 * size from its share of the largest one. Listings without a market value cannot be placed.
 */
export function heatMapTiles(items: readonly StockListItem[], count = heatMapSize): HeatTile[] {
  const ranked = items
    .filter((item): item is StockListItem & { marketCap: number } => item.marketCap !== null && item.marketCap > 0)
    .sort((a, b) => b.marketCap - a.marketCap)
    .slice(0, count);
  const largest = ranked[0]?.marketCap ?? 1;
  return ranked.map((item) => {
    const share = item.marketCap / largest;
    return {
      ticker: item.ticker,
      name: item.name,
      changePercent: item.changePercent,
      marketCap: item.marketCap,
      band: heatBand(item.changePercent),
      size: share >= 0.5 ? 3 : share >= 0.2 ? 2 : 1,
    };
  });
}
