import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatMoney } from "~/lib/format";
import { distanceFrom } from "~/market/crypto-depth";
import type { PriceRecord } from "~/market/types";

import { Change } from "./change";

import "./crypto-depth.css";

type RecordValueProps = {
  kind: "high" | "low";
  record: PriceRecord | null;
  /** The current (live) price. */
  price: number | null;
  currency: string;
  /** When the page's figures were read: the day of a record a live price has just beaten. */
  asOf: string;
};

/** An all-time high or low: its price, its day, and how far the current price is from it. */
export function RecordValue({ kind, record: known, price, currency, asOf }: RecordValueProps) {
  const { t, i18n } = useTranslation();
  if (!known) return <>—</>;
  const beaten = price !== null && (kind === "high" ? price > known.price : price < known.price);
  const record = beaten ? { price, date: asOf } : known;
  const locale = i18n.language;
  const time = record.date === null ? NaN : Date.parse(record.date);
  return (
    <>
      {formatMoney(record.price, currency, locale)}
      <span className="record-value__detail">
        {/* In UTC: the day is the same on the server and in every browser. */}
        {Number.isFinite(time) && <time dateTime={record.date!}>{formatDate(time, locale, { dateStyle: "medium", timeZone: "UTC" })}</time>}
        <span>
          {t("market.stats.fromCurrentPrice")} <Change value={distanceFrom(record.price, price)} />
        </span>
      </span>
    </>
  );
}

/** A link to another site, opened in a new tab, shown by its host name; "—" without one. */
export function ExternalLink({ href }: { href: string | null }) {
  const { t } = useTranslation();
  if (!href) return <>—</>;
  let host = href;
  try {
    host = new URL(href).hostname.replace(/^www\./, "");
  } catch {
    // Shown as it is.
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {host}
      <span className="visually-hidden"> {t("footer.opensInNewTab")}</span>
    </a>
  );
}
