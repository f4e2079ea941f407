import type { QuotedFavorite } from "~/favorites/quotes.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";

import { Change } from "../market/change";
import { LocalTime } from "../market/local-time";
import { AssetLink, wideOnly } from "../market/quote-table";
import { liveProps, useLiveQuote } from "../realtime/live-quotes";

const assetHref = (item: Pick<QuotedFavorite, "type" | "assetId">) =>
  item.type === "crypto" ? `/cryptos/${item.assetId}` : `/stocks/${item.assetId}`;

/** Name, type, live price and change, and added date of one favourite, as cells of a QuoteTable. */
export function QuoteCells({ item }: { item: QuotedFavorite }) {
  const { t, i18n } = useTranslation("favorites");
  const { t: tCommon } = useTranslation();
  const live = useLiveQuote(item.liveKey, { price: item.price, change: item.change24h });
  return (
    <>
      <th scope="row">
        <AssetLink to={assetHref(item)} image={item.image} imageLabel={item.symbol} name={item.name} detail={item.symbol} />
      </th>
      <td className={wideOnly}>{item.stockType ? tCommon(`market.types.${item.stockType}`) : t(`types.${item.type}`)}</td>
      <td {...liveProps(item.liveKey, live.flash, "numeric")}>{formatMoney(live.price, item.currency, i18n.language)}</td>
      <td className="numeric">
        <Change value={live.change} />
      </td>
      <td className={wideOnly}>
        <LocalTime seconds={Math.floor(Date.parse(item.addedAt) / 1000)} locale={i18n.language} options={{ dateStyle: "medium" }} />
      </td>
    </>
  );
}
