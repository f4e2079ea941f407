import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { QuotedFavorite } from "~/favorites/quotes.server";
import { formatMoney } from "~/lib/format";
import { AssetImage } from "../market/asset-image";
import { Change } from "../market/change";
import { LocalTime } from "../market/local-time";

/** Columns a phone leaves out, as on the market tables: a row there is name, price and 24 h change. */
export const wideOnly = "quote-table__wide-only";

export const assetHref = (item: Pick<QuotedFavorite, "type" | "assetId">) =>
  item.type === "crypto" ? `/cryptos/${item.assetId}` : `/stocks/${item.assetId}`;

/** Name, type, price, change and added date of one favourite, as cells of a `quote-table`. */
export function QuoteCells({ item }: { item: QuotedFavorite }) {
  const { t, i18n } = useTranslation("favorites");
  const { t: tCommon } = useTranslation();
  return (
    <>
      <th scope="row">
        <Link to={assetHref(item)} className="asset-link">
          <AssetImage src={item.image} label={item.symbol} />
          <span>
            <span className="asset-link__name">{item.name}</span>
            <span className="asset-link__symbol">{item.symbol}</span>
          </span>
        </Link>
      </th>
      <td className={wideOnly}>{item.stockType ? tCommon(`market.types.${item.stockType}`) : t(`types.${item.type}`)}</td>
      <td className="numeric">{formatMoney(item.price, item.currency, i18n.language)}</td>
      <td className="numeric">
        <Change value={item.change24h} />
      </td>
      <td className={wideOnly}>
        <LocalTime seconds={Math.floor(Date.parse(item.addedAt) / 1000)} locale={i18n.language} options={{ dateStyle: "medium" }} />
      </td>
    </>
  );
}
