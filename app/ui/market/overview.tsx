import { IconExternalLink } from "@tabler/icons-react";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatMoney, formatNumber, formatPercent, numberFormat } from "~/lib/format";
import type { HeatTile } from "~/market/heat-map";
import type { CryptoMarketSummary, EconomicPoint, MarketIndexId, NewsItem } from "~/market/types";

import { HomeSection } from "../home-section";
import { PlainLink } from "../kit/plain-link";
import { Change } from "./change";
import { MarketStatusBadges } from "./market-status";
import { Unavailable } from "./unavailable";

import "./overview.css";

type OverviewProps = {
  overview: {
    indices: { id: MarketIndexId; level: number | null; changePercent: number | null }[];
    currencies: { usdBrl: number | null; eurBrl: number | null };
    economy: { selic: EconomicPoint | null; cdi: EconomicPoint | null; ipca12m: EconomicPoint | null };
    crypto: CryptoMarketSummary | null;
    hours: ComponentProps<typeof MarketStatusBadges>["hours"];
  };
};

/** A rate as "15,00%": unsigned, two decimals. */
function rate(value: number | null, locale: string) {
  if (value === null) return "—";
  return numberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <div className="overview__figure" data-testid={testId}>
      <dt className="overview__label">{label}</dt>
      <dd className="overview__value">
        <span className="overview__number">{value}</span>
        {detail && <span className="overview__detail">{detail}</span>}
      </dd>
    </div>
  );
}

/** The market at a glance: indices, currencies, Brazilian rates, the crypto market and the exchanges' sessions. */
export function OverviewBand({ overview }: OverviewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { currencies, economy, crypto } = overview;
  const perYear = t("overview.perYear");
  return (
    <section aria-labelledby="overview-heading" className="overview">
      <div className="overview__head">
        <h2 id="overview-heading" className="overview__title">
          {t("overview.heading")}
        </h2>
        <MarketStatusBadges hours={overview.hours} />
      </div>
      <dl className="overview__grid">
        {overview.indices.map((index) => (
          <Figure
            key={index.id}
            testId={`overview-${index.id}`}
            label={t(`overview.indices.${index.id}`)}
            value={formatNumber(index.level, locale, 0)}
            detail={<Change value={index.changePercent} />}
          />
        ))}
        <Figure testId="overview-usdbrl" label={t("overview.usdBrl")} value={formatMoney(currencies.usdBrl, "BRL", locale)} />
        <Figure testId="overview-eurbrl" label={t("overview.eurBrl")} value={formatMoney(currencies.eurBrl, "BRL", locale)} />
        <Figure testId="overview-selic" label={t("overview.selic")} value={rate(economy.selic?.value ?? null, locale)} detail={perYear} />
        <Figure testId="overview-cdi" label={t("overview.cdi")} value={rate(economy.cdi?.value ?? null, locale)} detail={perYear} />
        <Figure testId="overview-ipca" label={t("overview.ipca12m")} value={rate(economy.ipca12m?.value ?? null, locale)} />
        <Figure
          testId="overview-crypto-cap"
          label={t("overview.cryptoMarketCap")}
          value={formatCompactMoney(crypto?.totalMarketCap ?? null, "USD", locale)}
          detail={<Change value={crypto?.change24h ?? null} />}
        />
        <Figure testId="overview-btc-dominance" label={t("overview.btcDominance")} value={rate(crypto?.btcDominance ?? null, locale)} />
      </dl>
    </section>
  );
}

/** The largest B3 names as tiles coloured by their day change; each tile names its ticker and change in text. */
export function HeatMap({ tiles }: { tiles: readonly HeatTile[] | null }) {
  const { t, i18n } = useTranslation();
  return (
    <HomeSection id="heat-map" title={t("overview.heatMap")} hint={t("overview.heatMapHint")} className="heat-map-section">
      {tiles ? (
        <ul className="heat-map" data-testid="heat-map">
          {tiles.map((tile) => (
            <li key={tile.ticker} className={`heat-map__tile heat-map__tile--${tile.band} heat-map__tile--size${tile.size}`}>
              <PlainLink to={`/stocks/${tile.ticker}`}>
                <span className="heat-map__ticker">{tile.ticker}</span>
                <span className="visually-hidden">, {tile.name}: </span>
                <span className="heat-map__change">{formatPercent(tile.changePercent, i18n.language)}</span>
              </PlainLink>
            </li>
          ))}
        </ul>
      ) : (
        <Unavailable />
      )}
    </HomeSection>
  );
}

/** The newest headlines, each opening its article; the rest on /news. */
export function Headlines({ items }: { items: readonly NewsItem[] | null }) {
  const { t } = useTranslation();
  return (
    <HomeSection id="headlines" title={t("overview.headlines")}>
      {items ? (
        <>
          <ul className="headlines" data-testid="headlines">
            {items.map((item) => (
              <li key={item.id}>
                <a href={item.url} target="_blank" rel="noopener noreferrer" lang={item.language}>
                  {item.headline}
                  <IconExternalLink size={14} aria-hidden />
                  <span className="visually-hidden"> {t("footer.opensInNewTab")}</span>
                </a>
                <span className="headlines__source">{item.source}</span>
              </li>
            ))}
          </ul>
          <Link to="/news" className="headlines__more">
            {t("overview.allNews")}
          </Link>
        </>
      ) : (
        <Unavailable />
      )}
    </HomeSection>
  );
}
