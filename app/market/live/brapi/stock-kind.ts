import type { StockKindSaid } from "../../stock-type";
import type { StockListQuery, StockType } from "../../types";

/** brapi's `subType`, the precise kind, in our four types: units are shares, not funds. */
const bySubType: Record<string, StockType> = {
  stock: "stock",
  unit: "stock",
  fii: "fund",
  "fi-infra": "fund",
  "fi-agro": "fund",
  fip: "fund",
  fidc: "fund",
  bdr: "bdr",
  etf: "others",
};

/** brapi's coarser `type`: its "fund" without a subType could be an ETF, but FIIs are by far the most of them. */
const byType: Record<string, StockType> = { stock: "stock", bdr: "bdr", fund: "fund" };

/** What brapi's `type` and `subType` say a listing is, in our words: the subType names the kind, the type only roughly. */
export function brapiStockKind({ type, subType }: { type: string | null; subType: string | null }): StockKindSaid {
  return { exact: subType ? bySubType[subType.toLowerCase()] : undefined, broad: type ? byType[type] : undefined };
}

/** Our type as brapi's list filters it: by its own `type`, and our "others" (the ETFs) by subType "etf". */
export function brapiTypeFilter(type: StockListQuery["type"]) {
  return type === "others" ? { subType: "etf" } : { type };
}
