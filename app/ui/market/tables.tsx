import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { StarStates } from "~/favorites/stars.server";
import { assetKey } from "~/favorites/assets";
import { currencyCode, type CryptoCurrency } from "~/market/crypto-currency";
import type { CryptoListItem, StockListItem } from "~/market/types";
import { FavoriteStar } from "../favorites/favorite-star";
import { formatCompactMoney, formatCompactNumber, formatMoney } from "~/lib/format";
import { AssetImage } from "./asset-image";
import { Change } from "./change";
import { SortHeader, type SortState } from "./sort-header";
import { TableScroll } from "../kit/table-scroll";

/**
 * Columns a phone leaves out: there a row is the asset's name, price and 24 h change on one line,
 * and tapping it anywhere opens the asset's page, which has the rest.
 */
const onWideScreens = "quote-table__wide-only";

/** Plain table markup: these lists are the heaviest HTML the app renders. */
/** `stars`: the signed-in user's favourites (null for a visitor); when undefined no star column is shown. */
export function CryptoTable({
  items,
  currency,
  sort,
  startRank,
  stars,
}: {
  items: CryptoListItem[];
  currency: CryptoCurrency;
  sort: SortState;
  startRank: number;
  stars?: StarStates | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const code = currencyCode(currency);
  return (
    <TableScroll label={t("market.cryptos.tableCaption")}>
      <table className="market-table quote-table" data-testid="crypto-table">
        <caption className="visually-hidden">{t("market.cryptos.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col" className={`numeric ${onWideScreens}`}>
              #
            </th>
            <SortHeader field="name" label={t("market.columns.name")} state={sort} numeric={false} />
            <SortHeader field="price" label={t("market.columns.price")} state={sort} />
            <SortHeader field="change" label={t("market.columns.change24h")} state={sort} />
            <SortHeader field="market_cap" label={t("market.columns.marketCap")} state={sort} className={onWideScreens} />
            <SortHeader field="volume" label={t("market.columns.volume24h")} state={sort} className={onWideScreens} />
            {stars !== undefined && <StarHeader />}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={item.id}>
              <td className={`numeric muted ${onWideScreens}`}>{item.rank ?? startRank + index}</td>
              <th scope="row">
                <Link to={`/cryptos/${item.id}`} className="asset-link">
                  <AssetImage src={item.image} label={item.symbol} />
                  <span>
                    <span className="asset-link__name">{item.name}</span>
                    <span className="asset-link__symbol">{item.symbol.toUpperCase()}</span>
                  </span>
                </Link>
              </th>
              <td className="numeric">{formatMoney(item.price, code, locale)}</td>
              <td className="numeric">
                <Change value={item.change24h} />
              </td>
              <td className={`numeric ${onWideScreens}`}>{formatCompactMoney(item.marketCap, code, locale)}</td>
              <td className={`numeric ${onWideScreens}`}>{formatCompactMoney(item.volume24h, code, locale)}</td>
              {stars !== undefined && (
                <td>
                  <FavoriteStar type="crypto" assetId={item.id} name={item.name} linkedTables={stars?.[assetKey("crypto", item.id)]} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function StockTable({ items, sort, stars }: { items: StockListItem[]; sort: SortState; stars?: StarStates | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <TableScroll label={t("market.stocks.tableCaption")}>
      <table className="market-table quote-table" data-testid="stock-table">
        <caption className="visually-hidden">{t("market.stocks.tableCaption")}</caption>
        <thead>
          <tr>
            <SortHeader field="name" label={t("market.columns.name")} state={sort} numeric={false} />
            <th scope="col" className={onWideScreens}>
              {t("market.columns.type")}
            </th>
            <SortHeader field="price" label={t("market.columns.price")} state={sort} />
            <SortHeader field="change" label={t("market.columns.change24h")} state={sort} />
            <SortHeader field="market_cap" label={t("market.columns.marketCap")} state={sort} className={onWideScreens} />
            <SortHeader field="volume" label={t("market.columns.volume")} state={sort} className={onWideScreens} />
            {stars !== undefined && <StarHeader />}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.ticker}>
              <th scope="row">
                <Link to={`/stocks/${item.ticker}`} className="asset-link">
                  <AssetImage src={item.logo} label={item.ticker} />
                  <span>
                    <span className="asset-link__name">{item.ticker}</span>
                    <span className="asset-link__symbol">{item.name}</span>
                  </span>
                </Link>
              </th>
              <td className={onWideScreens}>{t(`market.types.${item.type}`)}</td>
              <td className="numeric">{formatMoney(item.price, item.currency, locale)}</td>
              <td className="numeric">
                <Change value={item.changePercent} />
              </td>
              <td className={`numeric ${onWideScreens}`}>{formatCompactMoney(item.marketCap, item.currency, locale)}</td>
              <td className={`numeric ${onWideScreens}`}>{formatCompactNumber(item.volume, locale)}</td>
              {stars !== undefined && (
                <td>
                  <FavoriteStar
                    type="stock"
                    assetId={item.ticker}
                    name={item.ticker}
                    linkedTables={stars?.[assetKey("stock", item.ticker)]}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
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
