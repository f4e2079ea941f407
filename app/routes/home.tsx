import { Box, Container, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

import { latestReleaseNoteSummaries } from "~/content/release-notes.server";
import { starsFor } from "~/favorites/stars.server";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { cryptoViewsOf, marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { platformOf } from "~/platform/context.server";
import { loadHome } from "~/screens/home.server";
import { homeTableSearch, parseSearch } from "~/screens/list-search.server";
import { loadOverview } from "~/screens/market-overview.server";
import { FromOurBlog } from "~/ui/content/blog-section";
import { HomeSection } from "~/ui/home-section";
import { LinkTabs } from "~/ui/kit/link-tabs";
import { Pagination } from "~/ui/kit/pagination";
import { PlainLink } from "~/ui/kit/plain-link";
import { BiggestMoves, CryptoMiniList, StockMiniList } from "~/ui/market/asset-lists";
import { CurrencySwitcher } from "~/ui/market/currency-switcher";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { Headlines, HeatMap, OverviewBand } from "~/ui/market/overview";
import { CryptoTable, StockTable } from "~/ui/market/tables";
import { TickerTape } from "~/ui/market/ticker-tape";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = parseSearch(request, homeTableSearch);
  const table = { kind: search.table, page: search.tpage, sort: search.tsort, order: search.torder };
  const language = languageOf(getLocale(context));
  const currency = readCryptoCurrency(request.headers.get("Cookie"), language);
  const { logger, clock, db } = platformOf(context);
  const [home, overview, stars, blog] = await Promise.all([
    loadHome(marketOf(context), logger, cryptoViewsOf(context), table, language, currency),
    loadOverview(marketOf(context), logger, clock.now(), language),
    starsFor(context),
    latestReleaseNoteSummaries(db, 3),
  ]);
  return { meta: pageMetaFor(context, "home"), table, currency, home, overview, stars, blog };
}

export const meta = routeMeta;

export default function Home({ loaderData: { table, currency, home, overview, stars, blog } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sortState = { sort: table.sort, order: table.order, prefix: "t" };
  const orUnavailable = (content: ReactNode | null) => content ?? <Unavailable />;
  return (
    <>
      <TickerTape items={home.tape} />
      <Container size="lg" className="page">
        <Box component="section" pt={32} pb={8}>
          <Title order={1}>{t("home.heroTitle")}</Title>
          <Text size="lg" mt="sm" maw={680}>
            {t("home.heroText")}
          </Text>
        </Box>
        <DemoNotice sources={[...new Set([...home.sources, ...overview.sources])]} />
        <OverviewBand overview={overview} />
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg">
          <HeatMap tiles={overview.heatMap} />
          <Headlines items={overview.headlines} />
        </SimpleGrid>
        <ListToolbar>
          <CurrencySwitcher currency={currency} />
        </ListToolbar>
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg">
          <HomeSection id="trending-coins" title={t("market.home.trendingCoins")} hint={t("market.home.trendingCoinsHint")}>
            {orUnavailable(home.trendingCoins && <CryptoMiniList items={home.trendingCoins} currency={currency} testId="trending-coins" />)}
          </HomeSection>
          <HomeSection id="trending-stocks" title={t("market.home.trendingStocks")} hint={t("market.home.trendingStocksHint")}>
            {orUnavailable(home.trendingStocks && <StockMiniList items={home.trendingStocks} testId="trending-stocks" />)}
          </HomeSection>
          <HomeSection id="most-searched" title={t("market.home.mostSearched")}>
            {orUnavailable(
              home.mostSearched &&
                (home.mostSearched.length > 0 ? (
                  <CryptoMiniList items={home.mostSearched} currency={currency} testId="most-searched" />
                ) : (
                  <Text c="dimmed" my="md" inherit>
                    {t("market.home.noSearchesYet")}
                  </Text>
                )),
            )}
          </HomeSection>
          <HomeSection id="biggest-moves" title={t("market.home.biggestMoves")}>
            {orUnavailable(home.biggestMoves && <BiggestMoves gainers={home.biggestMoves.gainers} losers={home.biggestMoves.losers} />)}
          </HomeSection>
        </SimpleGrid>
        <FromOurBlog notes={blog} />
        <section aria-labelledby="market-table-heading" className="page-section">
          <Title order={2} size="h3" id="market-table-heading">
            {t("market.home.tableHeading")}
          </Title>
          <LinkTabs label={t("market.home.tableKind")}>
            {(["cryptos", "stocks"] as const).map((kind) => (
              <PlainLink key={kind} to={`/?table=${kind}`} preventScrollReset aria-current={table.kind === kind ? "page" : undefined}>
                {t(`market.home.tables.${kind}`)}
              </PlainLink>
            ))}
          </LinkTabs>
          {home.table ? (
            <>
              {home.table.kind === "cryptos" ? (
                <CryptoTable
                  items={home.table.items}
                  currency={currency}
                  sort={sortState}
                  stars={stars}
                  startRank={(table.page - 1) * 12 + 1}
                />
              ) : (
                <StockTable items={home.table.items} sort={sortState} stars={stars} />
              )}
              <Pagination page={table.page} perPage={12} total={home.table.total} param="tpage" />
            </>
          ) : (
            <Unavailable />
          )}
        </section>
        <section aria-labelledby="account-heading" className="page-section">
          <Paper withBorder p="lg">
            <Title order={2} id="account-heading" size="h3">
              {t("home.accountHeading")}
            </Title>
            <Text mt="xs">{t("home.accountText")}</Text>
          </Paper>
        </section>
      </Container>
    </>
  );
}
