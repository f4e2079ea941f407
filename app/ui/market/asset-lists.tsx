import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { type CryptoCurrency, currencyCode } from "~/market/crypto-currency";
import { cryptoLiveKey, type LiveKey, stockLiveKey } from "~/market/realtime/protocol";
import type { MiniCrypto, MiniStock } from "~/screens/mini-items";

import { PlainLink } from "../kit/plain-link";
import { liveProps, useLiveQuote } from "../realtime/live-quotes";
import { AssetImage } from "./asset-image";
import { Change } from "./change";

import "./asset-lists.css";

type MiniRow = {
  liveKey: LiveKey;
  href: string;
  image: string | null;
  imageLabel: string;
  name: string;
  detail: string;
  price: number | null;
  currency: string;
  change: number | null;
};

/** A compact ranked list for the home page sections. */
function MiniList({ rows, testId }: { rows: MiniRow[]; testId: string }) {
  return (
    <ol className="mini-list" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.liveKey}>
          <MiniListRow row={row} />
        </li>
      ))}
    </ol>
  );
}

function MiniListRow({ row }: { row: MiniRow }) {
  const { i18n } = useTranslation();
  const live = useLiveQuote(row.liveKey, { price: row.price, change: row.change });
  return (
    <PlainLink to={row.href} className="mini-list__row">
      <AssetImage src={row.image} label={row.imageLabel} size={24} />
      <span className="mini-list__name">
        {row.name} <span className="mini-list__detail">{row.detail}</span>
      </span>
      <span {...liveProps(row.liveKey, live.flash, "mini-list__price")}>{formatMoney(live.price, row.currency, i18n.language)}</span>
      <Change value={live.change} />
    </PlainLink>
  );
}

export function CryptoMiniList({ items, currency, testId }: { items: MiniCrypto[]; currency: CryptoCurrency; testId: string }) {
  const rows = items.map((coin) => ({
    liveKey: cryptoLiveKey(coin.id, currency),
    href: `/cryptos/${coin.id}`,
    image: coin.image,
    imageLabel: coin.symbol,
    name: coin.name,
    detail: coin.symbol.toUpperCase(),
    price: coin.price,
    currency: currencyCode(currency),
    change: coin.change24h,
  }));
  return <MiniList rows={rows} testId={testId} />;
}

export function StockMiniList({ items, testId }: { items: MiniStock[]; testId: string }) {
  const rows = items.map((stock) => ({
    liveKey: stockLiveKey(stock.ticker),
    href: `/stocks/${stock.ticker}`,
    image: stock.logo,
    imageLabel: stock.ticker,
    name: stock.ticker,
    detail: stock.name,
    price: stock.price,
    currency: stock.currency,
    change: stock.changePercent,
  }));
  return <MiniList rows={rows} testId={testId} />;
}

/** The day's biggest gainers and losers, one list under the other. */
export function BiggestMoves({ gainers, losers }: { gainers: MiniStock[]; losers: MiniStock[] }) {
  const { t } = useTranslation();
  return (
    <div className="moves">
      <div>
        <h3 className="moves__heading">{t("market.home.gainers")}</h3>
        <StockMiniList items={gainers} testId="gainers" />
      </div>
      <div>
        <h3 className="moves__heading">{t("market.home.losers")}</h3>
        <StockMiniList items={losers} testId="losers" />
      </div>
    </div>
  );
}
