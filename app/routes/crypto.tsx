import { Container, Text, Title } from "@mantine/core";
import { data } from "react-router";

import { assetKey } from "~/favorites/assets";
import { starsFor } from "~/favorites/stars.server";
import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatMoney, formatNumber } from "~/lib/format";
import { chartRangeParam, defaultCryptoRange, parseChartRange } from "~/market/chart-range";
import { cryptoViewsOf, marketOf } from "~/market/context.server";
import { currencyCode } from "~/market/crypto-currency";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { cryptoIdSchema } from "~/market/identifiers";
import { cryptoLiveKey } from "~/market/realtime/protocol";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { mayIndex } from "~/platform/route-table.server";
import { aroundAsset } from "~/screens/around-asset.server";
import { translateCryptoCategory } from "~/screens/crypto-categories.server";
import { descriptionHtml } from "~/screens/crypto-description.server";
import { chartData } from "~/ui/charts/chart-data";
import { PriceChart } from "~/ui/charts/price-chart";
import { skipRevalidationForChartParams } from "~/ui/charts/revalidate";
import { FavoriteStar } from "~/ui/favorites/favorite-star";
import { RelatedNews, UpcomingEvents } from "~/ui/market/around-asset";
import { AssetAbout, AssetHeader } from "~/ui/market/asset-detail";
import { Change } from "~/ui/market/change";
import { ExternalLink, RecordValue } from "~/ui/market/crypto-depth";
import { CurrencySwitcher } from "~/ui/market/currency-switcher";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { StatsGrid } from "~/ui/market/stats";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";
import { liveProps, movedWithPrice, useLiveQuote, widenedToPrice } from "~/ui/realtime/live-quotes";

import type { Route } from "./+types/crypto";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = cryptoIdSchema.safeParse(params.crypto);
  if (!id.success) throw data(null, { status: 404 });
  const language = languageOf(getLocale(context));
  const currency = readCryptoCurrency(request.headers.get("Cookie"), language);
  const market = marketOf(context);
  const { clock, logger } = platformOf(context);
  const range = parseChartRange(new URL(request.url).searchParams.get(chartRangeParam), defaultCryptoRange);
  const now = clock.now();
  const [detail, chart] = await Promise.all([
    orUnavailable(logger, market.cryptoDetail(id.data, language, currency)),
    orUnavailable(logger, market.cryptoCandles(id.data, range, now, currency)),
  ]);
  if (detail?.data === null) throw data(null, { status: 404 });
  if (detail) cryptoViewsOf(context).record(id.data);
  const t = getInstance(context).t;
  const coin = detail?.data;
  const [stars, around] = await Promise.all([
    starsFor(context),
    // Crypto moves with US rates and inflation: the Fed's and the US's economic dates are its events.
    coin &&
      aroundAsset(market, logger, {
        asset: { type: "crypto", id: coin.id },
        symbols: [coin.symbol.toUpperCase(), coin.name],
        feeds: ["crypto"],
        economicMarkets: ["US", "GLOBAL"],
        now,
        language,
      }),
  ]);
  return {
    stars,
    currency,
    id: id.data,
    ...(coin && { crumb: coin.name }),
    meta: {
      title: coin ? t("market.crypto.metaTitle", { name: coin.name, symbol: coin.symbol.toUpperCase() }) : id.data,
      description: coin ? t("market.crypto.metaDescription", { name: coin.name }) : t("market.cryptos.description"),
      keywords: coin ? `${coin.name}, ${coin.symbol.toUpperCase()}, ${t("market.crypto.keywords")}` : t("market.cryptos.keywords"),
      noindex: !mayIndex(context),
    },
    detail:
      detail && coin
        ? { ...detail, data: { ...coin, categories: coin.categories.map((name) => translateCryptoCategory(name, language)) } }
        : null,
    description: coin?.description ? { html: descriptionHtml(coin.description.text), language: coin.description.language } : null,
    range,
    news: around ? around.news : [],
    events: around ? around.events : null,
    // The detail may have brought a newer price than the chart had when it arrived.
    chart: chartData(
      chart?.data && market.requote.candles(cryptoLiveKey(id.data, currency), chart.data),
      coin?.price && coin.marketCap ? coin.marketCap / coin.price : null,
      range,
    ),
  };
}

export const meta = routeMeta;
export const shouldRevalidate = skipRevalidationForChartParams;

export default function Crypto({
  loaderData: { stars, currency, id, detail, description, chart, range, news, events },
}: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const liveKey = cryptoLiveKey(id, currency);
  const live = useLiveQuote(detail && liveKey, {
    price: detail?.data.price ?? null,
    change: detail?.data.change24h ?? null,
    volume: detail?.data.volume24h ?? null,
  });
  if (!detail)
    return (
      <Container size="lg" className="page">
        <Unavailable />
      </Container>
    );
  const coin = detail.data;
  const code = currencyCode(currency);
  const money = (value: number | null) => formatMoney(value, code, locale);
  const day = widenedToPrice(coin.high24h, coin.low24h, live.price);
  const change = (value: number | null) => <Change value={value} />;
  return (
    <Container size="lg" className="page">
      <AssetHeader
        image={coin.image}
        imageLabel={coin.symbol}
        title={coin.name}
        subtitle={coin.symbol.toUpperCase()}
        price={money(live.price)}
        change={live.change}
        live={{ key: liveKey, flash: live.flash }}
        action={
          <FavoriteStar
            type="crypto"
            assetId={coin.id}
            name={coin.name}
            linkedTables={stars?.[assetKey("crypto", coin.id)]}
            placement="header"
          />
        }
      />
      <ListToolbar end>
        <CurrencySwitcher currency={currency} />
      </ListToolbar>
      <DemoNotice sources={[detail.source]} stale={detail.stale} />
      <StatsGrid
        label={t("market.statistics")}
        stats={[
          { label: t("market.stats.price"), value: money(live.price), valueProps: liveProps(liveKey, live.flash) },
          {
            label: t("market.stats.marketCap"),
            value: formatCompactMoney(movedWithPrice(coin.marketCap, coin.price, live.price), code, locale),
          },
          { label: t("market.stats.rank"), value: coin.rank === null ? "—" : `#${coin.rank}` },
          { label: t("market.stats.volume24h"), value: formatCompactMoney(live.volume, code, locale) },
          {
            label: t("market.stats.fullyDilutedValuation"),
            value: formatCompactMoney(movedWithPrice(coin.fullyDilutedValuation, coin.price, live.price), code, locale),
          },
          { label: t("market.stats.change1h"), value: change(coin.change1h) },
          { label: t("market.stats.change24h"), value: change(live.change) },
          { label: t("market.stats.change7d"), value: change(coin.change7d) },
          { label: t("market.stats.change30d"), value: change(coin.change30d) },
          { label: t("market.stats.change1y"), value: change(coin.change1y) },
          { label: t("market.stats.high24h"), value: money(day.high) },
          { label: t("market.stats.low24h"), value: money(day.low) },
          { label: t("market.stats.open"), value: money(coin.open24h) },
          { label: t("market.stats.close"), value: money(live.price) },
          {
            label: t("market.stats.allTimeHigh"),
            value: <RecordValue kind="high" record={coin.allTimeHigh} price={live.price} currency={code} asOf={coin.lastUpdated} />,
          },
          {
            label: t("market.stats.allTimeLow"),
            value: <RecordValue kind="low" record={coin.allTimeLow} price={live.price} currency={code} asOf={coin.lastUpdated} />,
          },
          { label: t("market.stats.circulatingSupply"), value: formatNumber(coin.circulatingSupply, locale, 0) },
          { label: t("market.stats.totalSupply"), value: formatNumber(coin.totalSupply, locale, 0) },
          { label: t("market.stats.maxSupply"), value: formatNumber(coin.maxSupply, locale, 0) },
          { label: t("market.stats.website"), value: <ExternalLink href={coin.homepage} /> },
          { label: t("market.stats.explorer"), value: <ExternalLink href={coin.explorer} /> },
          { label: t("market.stats.categories"), value: coin.categories.join(", ") || "—" },
        ]}
      />
      <section aria-labelledby="chart-heading" className="page-section">
        <Title order={2} size="h3" id="chart-heading">
          {t("market.crypto.chartHeading")}
        </Title>
        <PriceChart chart={chart} range={range} currency={code} volumeCurrency={code} locale={locale} liveKey={liveKey} />
      </section>
      <AssetAbout
        heading={t("market.crypto.about", { name: coin.name })}
        language={description?.language ?? null}
        // The id the API and its /proxy routes know the coin by, as CoinGecko shows it.
        footer={
          <Text c="dimmed" my="md" inherit data-testid="api-id">
            {t("market.crypto.apiId")}: <code>{coin.id}</code>
          </Text>
        }
      >
        {description && <div dangerouslySetInnerHTML={{ __html: description.html }} />}
      </AssetAbout>
      {events && <UpcomingEvents events={events} />}
      <RelatedNews items={news} name={coin.name} moreHref="/news?category=crypto" />
    </Container>
  );
}
