import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CryptoListItem, StockListItem } from "~/market/types";
import { formatMoney } from "../format";
import { AssetImage } from "./asset-image";
import { Change } from "./change";

/** Compact ranked lists for the home page sections. */
export function CryptoMiniList({ items, testId }: { items: CryptoListItem[]; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <ol className="mini-list" data-testid={testId}>
      {items.map((coin) => (
        <li key={coin.id}>
          <Link to={`/cryptos/${coin.id}`} className="mini-list__row">
            <AssetImage src={coin.image} label={coin.symbol} size={24} />
            <span className="mini-list__name">
              {coin.name} <span className="muted">{coin.symbol.toUpperCase()}</span>
            </span>
            <span className="mini-list__price">{formatMoney(coin.price, "USD", i18n.language)}</span>
            <Change value={coin.change24h} />
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function StockMiniList({ items, testId }: { items: StockListItem[]; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <ol className="mini-list" data-testid={testId}>
      {items.map((stock) => (
        <li key={stock.ticker}>
          <Link to={`/stocks/${stock.ticker}`} className="mini-list__row">
            <AssetImage src={stock.logo} label={stock.ticker} size={24} />
            <span className="mini-list__name">
              {stock.ticker} <span className="muted">{stock.name}</span>
            </span>
            <span className="mini-list__price">{formatMoney(stock.price, stock.currency, i18n.language)}</span>
            <Change value={stock.changePercent} />
          </Link>
        </li>
      ))}
    </ol>
  );
}
