import type { CryptoCurrency } from "~/market/crypto-currency";
import type { ListOrder, ListSortField } from "~/market/list-params";
import type { MarketService } from "~/market/service.server";
import type { CryptoListItem } from "~/market/types";

/**
 * Lists are sorted over the top 250 coins by market cap: upstreams only sort by market cap,
 * volume or id, while people expect to sort by price and change too.
 */
const universeSize = 250;

const sortValue: Record<ListSortField, (item: CryptoListItem) => number | string | null> = {
  market_cap: (item) => item.marketCap,
  price: (item) => item.price,
  change: (item) => item.change24h,
  volume: (item) => item.volume24h,
  name: (item) => item.name.toLowerCase(),
};

function sortCryptos(items: CryptoListItem[], sort: ListSortField, order: ListOrder): CryptoListItem[] {
  const value = sortValue[sort];
  const direction = order === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    // Unknown values go last whatever the order.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return (left < right ? -1 : left > right ? 1 : 0) * direction;
  });
}

/** The coins lists sort and search rows take their prices from: one cached upstream call per currency. */
export function cryptoUniverse(market: Pick<MarketService, "cryptoList">, currency: CryptoCurrency = "usd") {
  return market.cryptoList({ page: 1, perPage: universeSize, order: "market_cap_desc", currency });
}

export async function cryptoPage(
  market: MarketService,
  {
    page,
    perPage,
    sort,
    order,
    currency,
  }: { page: number; perPage: number; sort: ListSortField; order: ListOrder; currency: CryptoCurrency },
) {
  const universe = await cryptoUniverse(market, currency);
  const sorted = sortCryptos(universe.data.items, sort, order);
  return {
    ...universe,
    data: { items: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length },
  };
}
