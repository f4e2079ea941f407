import { Container, Title } from "@mantine/core";
import { data } from "react-router";

import { assetKey } from "~/favorites/assets";
import { starsFor } from "~/favorites/stars.server";
import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatCompactNumber, formatMoney } from "~/lib/format";
import { chartRangeParam, defaultStockChartRange, parseChartRange } from "~/market/chart-range";
import { marketOf } from "~/market/context.server";
import { fundamentalsAt } from "~/market/fundamentals";
import { tickerSchema } from "~/market/identifiers";
import { defaultStockRange } from "~/market/list-params";
import { exchangeOfTicker, marketHoursView } from "~/market/market-hours.server";
import { stockLiveKey } from "~/market/realtime/protocol";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { mayIndex } from "~/platform/route-table.server";
import { payoutsParam, payoutsShown } from "~/screens/around-asset";
import { parseSearch, stockDetailSearch } from "~/screens/list-search.server";
import { stockPageExtras } from "~/screens/stock.server";
import { chartData } from "~/ui/charts/chart-data";
import { PriceChart } from "~/ui/charts/price-chart";
import { skipRevalidationForChartParams } from "~/ui/charts/revalidate";
import { FavoriteStar } from "~/ui/favorites/favorite-star";
import { RelatedNews, UpcomingEvents } from "~/ui/market/around-asset";
import { AssetAbout, AssetHeader } from "~/ui/market/asset-detail";
import { Change } from "~/ui/market/change";
import { DemoNotice } from "~/ui/market/demo-notice";
import { FundamentalsPanel, PayoutsSection } from "~/ui/market/fundamentals";
import { MarketStatusBadges } from "~/ui/market/market-status";
import { useSectorLabel } from "~/ui/market/sector";
import { StatsGrid } from "~/ui/market/stats";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";
import { liveProps, movedWithPrice, useLiveQuote, widenedToPrice } from "~/ui/realtime/live-quotes";

import type { Route } from "./+types/stock";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ticker = tickerSchema.safeParse(params.ticker);
  if (!ticker.success) throw data(null, { status: 404 });
  const range = parseChartRange(new URL(request.url).searchParams.get(chartRangeParam), defaultStockChartRange);
  const { proventos } = parseSearch(request, stockDetailSearch);
  const { logger, clock } = platformOf(context);
  const language = languageOf(getLocale(context));
  const now = clock.now();
  const exchange = exchangeOfTicker(ticker.data);
  const market = marketOf(context);
  const [detail, chart, extras] = await Promise.all([
    orUnavailable(logger, market.stockDetail(ticker.data, defaultStockRange, language)),
    orUnavailable(logger, market.stockCandles(ticker.data, range, language)),
    stockPageExtras(market, logger, { ticker: ticker.data, exchange, now, language, allPayouts: proventos === "all" }),
  ]);
  if (detail?.data === null) throw data(null, { status: 404 });
  const t = getInstance(context).t;
  const stock = detail?.data;
  const shares = stock?.marketCap && stock.price ? stock.marketCap / stock.price : null;
  const stars = await starsFor(context);
  return {
    stars,
    range,
    meta: {
      title: stock ? t("market.stock.metaTitle", { ticker: stock.ticker, name: stock.name }) : ticker.data,
      description: stock ? t("market.stock.metaDescription", { ticker: stock.ticker, name: stock.name }) : t("market.stocks.description"),
      keywords: stock ? `${stock.ticker}, ${stock.name}, ${t("market.stock.keywords")}` : t("market.stocks.keywords"),
      noindex: !mayIndex(context),
    },
    // Only what the page shows: the chart has its own candles.
    detail: detail && stock ? { ...detail, data: { ...stock, history: [] } } : null,
    // The detail may have brought a newer price than the candles had when they arrived.
    chart: chartData(chart?.data && market.requote.candles(stockLiveKey(ticker.data), chart.data), shares, range),
    marketHours: marketHoursView([exchange], now),
    now,
    ...extras,
  };
}

export const meta = routeMeta;
export const shouldRevalidate = skipRevalidationForChartParams;

export default function Stock({ loaderData }: Route.ComponentProps) {
  const { stars, detail, chart, range, marketHours, now, facts, payoutCount, allPayouts, today, news, events, underlyingListed } =
    loaderData;
  const { t, i18n } = useTranslation();
  const sectorLabel = useSectorLabel();
  const locale = i18n.language;
  const liveKey = detail && stockLiveKey(detail.data.ticker);
  const live = useLiveQuote(liveKey, {
    price: detail?.data.price ?? null,
    change: detail?.data.changePercent ?? null,
    volume: detail?.data.volume ?? null,
  });
  if (!detail || !liveKey) {
    return (
      <Container size="lg" className="page">
        <Unavailable />
      </Container>
    );
  }
  const stock = detail.data;
  // Ratios against the very price the header shows, live ticks included: P/L × LPA is that price.
  const figures = facts ? fundamentalsAt(facts.data, live.price, now) : null;
  const fund = stock.type === "fund";
  const money = (value: number | null) => formatMoney(value, stock.currency, locale);
  const day = widenedToPrice(stock.high, stock.low, live.price);
  const summary = stock.profile.longBusinessSummary;
  return (
    <Container size="lg" className="page">
      <AssetHeader
        image={stock.logo}
        imageLabel={stock.ticker}
        title={stock.ticker}
        subtitle={stock.name}
        price={money(live.price)}
        change={live.change}
        live={{ key: liveKey, flash: live.flash }}
        status={<MarketStatusBadges hours={marketHours} />}
        tags={[
          { label: t("market.stats.type"), value: t(`market.types.${stock.type}`) },
          { label: t("market.stats.currency"), value: stock.currency },
        ]}
        action={
          <FavoriteStar
            type="stock"
            assetId={stock.ticker}
            name={stock.ticker}
            linkedTables={stars?.[assetKey("stock", stock.ticker)]}
            placement="header"
          />
        }
      />
      <DemoNotice sources={[detail.source]} stale={detail.stale} />
      <StatsGrid
        label={t("market.statistics")}
        stats={[
          { label: t("market.stats.price"), value: money(live.price), valueProps: liveProps(liveKey, live.flash) },
          { label: t("market.stats.change24h"), value: <Change value={live.change} /> },
          { label: t("market.stats.dayHigh"), value: money(day.high) },
          { label: t("market.stats.dayLow"), value: money(day.low) },
          { label: t("market.stats.open"), value: money(stock.open) },
          { label: t("market.stats.previousClose"), value: money(stock.previousClose) },
          { label: t("market.stats.volume"), value: formatCompactNumber(live.volume, locale) },
          {
            label: t("market.stats.marketCap"),
            value: formatCompactMoney(movedWithPrice(stock.marketCap, stock.price, live.price), stock.currency, locale),
          },
          // A fund's segment and subsegment are among its own figures below.
          ...(fund
            ? []
            : [
                { label: t("market.stats.sector"), value: sectorLabel(stock.profile.sector ?? stock.sector) },
                { label: t("market.stats.industry"), value: stock.profile.industry ?? "—" },
              ]),
        ]}
      />
      <section aria-labelledby="chart-heading" className="page-section">
        <Title order={2} size="h3" id="chart-heading">
          {t("market.stock.chartHeading")}
        </Title>
        <PriceChart chart={chart} range={range} currency={stock.currency} volumeCurrency={null} locale={locale} liveKey={liveKey} />
      </section>
      <FundamentalsPanel
        type={stock.type}
        facts={facts}
        figures={figures}
        industry={stock.profile.industry}
        fiftyTwoWeek={{ low: stock.fiftyTwoWeekLow, high: stock.fiftyTwoWeekHigh }}
        currency={stock.currency}
        underlyingListed={underlyingListed}
      />
      <PayoutsSection
        ticker={stock.ticker}
        facts={facts?.data ?? null}
        figures={figures}
        count={payoutCount}
        shown={payoutsShown}
        all={allPayouts}
        today={today}
        param={payoutsParam}
        monthlyChart={fund}
      />
      <AssetAbout heading={t("market.stock.about", { name: stock.name })} language={summary?.language ?? null}>
        {summary && <p>{summary.text}</p>}
      </AssetAbout>
      {events && <UpcomingEvents events={events} />}
      <RelatedNews items={news} name={stock.ticker} moreHref="/news?category=company" />
    </Container>
  );
}
