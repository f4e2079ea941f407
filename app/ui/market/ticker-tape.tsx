import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import type { TapeItem } from "~/screens/home.server";

import { dataFlag } from "../kit/data-flag";
import { PlainLink } from "../kit/plain-link";
import { liveProps, useLiveQuote } from "../realtime/live-quotes";
import { useHydrated } from "../use-hydrated";
import { Change } from "./change";

import "./ticker-tape.css";

/**
 * A strip of quotes rendered from our own data. Once the page is hydrated CSS scrolls two copies
 * of the list end to end; hover or focus pauses it. The server sends one copy, a static,
 * scrollable strip (as reduced-motion users always get): without JavaScript nothing would keep
 * the copy's prices live, and the home renders a sixth less.
 */
export function TickerTape({ items }: { items: TapeItem[] }) {
  const { t } = useTranslation();
  const looping = useHydrated();
  if (items.length === 0) return null;
  const quotes = (copy: "first" | "second") =>
    items.map((item) => (
      <li key={`${copy}-${item.href}`}>
        <PlainLink to={item.href} tabIndex={copy === "second" ? -1 : undefined}>
          <TapeQuote item={item} />
        </PlainLink>
      </li>
    ));
  return (
    <section className="ticker-tape" aria-label={t("market.home.tickerTape")} data-testid="ticker-tape">
      <div className="ticker-tape__track" data-looping={dataFlag(looping)}>
        <ul>{quotes("first")}</ul>
        {looping && <ul aria-hidden="true">{quotes("second")}</ul>}
      </div>
    </section>
  );
}

/** One symbol's label, live price and change. */
function TapeQuote({ item }: { item: TapeItem }) {
  const { i18n } = useTranslation();
  const live = useLiveQuote(item.liveKey, { price: item.price, change: item.change });
  return (
    <>
      <span className="ticker-tape__label">{item.label}</span>
      <span {...liveProps(item.liveKey, live.flash)}>{formatMoney(live.price, item.currency, i18n.language)}</span>
      <Change value={live.change} />
    </>
  );
}
