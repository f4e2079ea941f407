import { assetKey } from "~/favorites/assets";
import type { StarStates } from "~/favorites/stars.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatCompactNumber, formatMoney } from "~/lib/format";
import { type CryptoCurrency, currencyCode } from "~/market/crypto-currency";
import type { CryptoTableItem } from "~/market/crypto-depth";
import { cryptoLiveKey, stockLiveKey } from "~/market/realtime/protocol";
import type { StockListItem } from "~/market/types";

import { FavoriteStar } from "../favorites/favorite-star";
import { liveProps, movedWithPrice, useLiveQuote } from "../realtime/live-quotes";
import { Change } from "./change";
import { AssetLink, QuoteTable, wideOnly } from "./quote-table";
import { SortHeader, type SortState } from "./sort-header";
import { Sparkline } from "./sparkline";

/** Plain table markup: these lists are the heaviest HTML the app renders. */
/** `stars`: the signed-in user's favourites (null for a visitor); when undefined no star column is shown. */
export function CryptoTable({
  items,
  currency,
  sort,
  startRank,
  stars,
}: {
  items: CryptoTableItem[];
  currency: CryptoCurrency;
  sort: SortState;
  startRank: number;
  stars?: StarStates | null;
}) {
  const { t } = useTranslation();
  return (
    <QuoteTable caption={t("market.cryptos.tableCaption")} testId="crypto-table">
      <thead>
        <tr>
          <th scope="col" className={`numeric ${wideOnly}`}>
            #
          </th>
          <SortHeader field="name" label={t("market.columns.name")} state={sort} numeric={false} />
          <SortHeader field="price" label={t("market.columns.price")} state={sort} />
          <th scope="col" className={`numeric ${wideOnly}`}>
            {t("market.columns.change1h")}
          </th>
          <SortHeader field="change" label={t("market.columns.change24h")} state={sort} />
          <th scope="col" className={`numeric ${wideOnly}`}>
            {t("market.columns.change7d")}
          </th>
          <SortHeader field="market_cap" label={t("market.columns.marketCap")} state={sort} className={wideOnly} />
          <SortHeader field="volume" label={t("market.columns.volume24h")} state={sort} className={wideOnly} />
          <th scope="col" className={`numeric ${wideOnly}`}>
            {t("market.columns.last7Days")}
          </th>
          {stars !== undefined && <StarHeader />}
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <CryptoRow key={item.id} item={item} currency={currency} rank={item.rank ?? startRank + index} stars={stars} />
        ))}
      </tbody>
    </QuoteTable>
  );
}

export function StockTable({ items, sort, stars }: { items: StockListItem[]; sort: SortState; stars?: StarStates | null }) {
  const { t } = useTranslation();
  return (
    <QuoteTable caption={t("market.stocks.tableCaption")} testId="stock-table">
      <thead>
        <tr>
          <SortHeader field="name" label={t("market.columns.name")} state={sort} numeric={false} />
          <th scope="col" className={wideOnly}>
            {t("market.columns.type")}
          </th>
          <SortHeader field="price" label={t("market.columns.price")} state={sort} />
          <SortHeader field="change" label={t("market.columns.change24h")} state={sort} />
          <SortHeader field="market_cap" label={t("market.columns.marketCap")} state={sort} className={wideOnly} />
          <SortHeader field="volume" label={t("market.columns.volume")} state={sort} className={wideOnly} />
          {stars !== undefined && <StarHeader />}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <StockRow key={item.ticker} item={item} stars={stars} />
        ))}
      </tbody>
    </QuoteTable>
  );
}

type CryptoRowProps = { item: CryptoTableItem; currency: CryptoCurrency; rank: number; stars?: StarStates | null };

/** One coin, its price, change and volume following the live ticks. */
function CryptoRow({ item, currency, rank, stars }: CryptoRowProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const code = currencyCode(currency);
  const liveKey = cryptoLiveKey(item.id, currency);
  const live = useLiveQuote(liveKey, { price: item.price, change: item.change24h, volume: item.volume24h });
  return (
    <tr>
      <td className={`numeric quote-table__dimmed ${wideOnly}`}>{rank}</td>
      <th scope="row">
        <AssetLink
          to={`/cryptos/${item.id}`}
          image={item.image}
          imageLabel={item.symbol}
          name={item.name}
          detail={item.symbol.toUpperCase()}
        />
      </th>
      <td {...liveProps(liveKey, live.flash, "numeric")}>{formatMoney(live.price, code, locale)}</td>
      <td className={`numeric ${wideOnly}`}>
        <Change value={item.change1h} />
      </td>
      <td className="numeric">
        <Change value={live.change} />
      </td>
      <td className={`numeric ${wideOnly}`}>
        <Change value={item.change7d} />
      </td>
      <td className={`numeric ${wideOnly}`}>{formatCompactMoney(movedWithPrice(item.marketCap, item.price, live.price), code, locale)}</td>
      <td className={`numeric ${wideOnly}`}>{formatCompactMoney(live.volume, code, locale)}</td>
      <td className={wideOnly}>
        <Sparkline path={item.sparkline} change={item.change7d} />
      </td>
      {stars !== undefined && (
        <td>
          <FavoriteStar type="crypto" assetId={item.id} name={item.name} linkedTables={stars?.[assetKey("crypto", item.id)]} />
        </td>
      )}
    </tr>
  );
}

/** One stock, its price, change and volume following the live ticks. */
function StockRow({ item, stars }: { item: StockListItem; stars?: StarStates | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const liveKey = stockLiveKey(item.ticker);
  const live = useLiveQuote(liveKey, { price: item.price, change: item.changePercent, volume: item.volume });
  return (
    <tr>
      <th scope="row">
        <AssetLink to={`/stocks/${item.ticker}`} image={item.logo} imageLabel={item.ticker} name={item.ticker} detail={item.name} />
      </th>
      <td className={wideOnly}>{t(`market.types.${item.type}`)}</td>
      <td {...liveProps(liveKey, live.flash, "numeric")}>{formatMoney(live.price, item.currency, locale)}</td>
      <td className="numeric">
        <Change value={live.change} />
      </td>
      <td className={`numeric ${wideOnly}`}>
        {formatCompactMoney(movedWithPrice(item.marketCap, item.price, live.price), item.currency, locale)}
      </td>
      <td className={`numeric ${wideOnly}`}>{formatCompactNumber(live.volume, locale)}</td>
      {stars !== undefined && (
        <td>
          <FavoriteStar type="stock" assetId={item.ticker} name={item.ticker} linkedTables={stars?.[assetKey("stock", item.ticker)]} />
        </td>
      )}
    </tr>
  );
}

function StarHeader() {
  const { t } = useTranslation("favorites");
  return (
    <th scope="col">
      <span className="visually-hidden">{t("columns.remove")}</span>
    </th>
  );
}
