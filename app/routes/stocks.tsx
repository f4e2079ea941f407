import { Container, Group, Text, Title } from "@mantine/core";
import { Form } from "react-router";

import { starsFor } from "~/favorites/stars.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { stockSortBy } from "~/market/list-params";
import type { Exchange } from "~/market/market-hours";
import { exchangeOfTicker, marketHoursView } from "~/market/market-hours.server";
import { stockMarkets, stockTypes } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { parseSearch, stockListSearch } from "~/screens/list-search.server";
import { Button } from "~/ui/kit/button";
import { EmptyState } from "~/ui/kit/empty-state";
import { Select, TextInput } from "~/ui/kit/input";
import { Pagination } from "~/ui/kit/pagination";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { MarketStatusBadges } from "~/ui/market/market-status";
import { PageSizeForm } from "~/ui/market/page-size";
import { useSectorLabel } from "~/ui/market/sector";
import { StockTable } from "~/ui/market/tables";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/stocks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = parseSearch(request, stockListSearch);
  const list = await orUnavailable(
    platformOf(context).logger,
    marketOf(context).stockList({
      search: search.q,
      market: search.market === "all" ? undefined : search.market,
      type: search.type,
      sector: search.sector,
      sortBy: stockSortBy[search.sort],
      sortOrder: search.order,
      page: search.page,
      limit: search.perPage,
    }),
  );
  // The exchanges the rows trade on (a US filter shows BDRs, traded on B3); the filter's when there are no rows.
  const listed = list?.data.items.map(({ ticker }) => exchangeOfTicker(ticker)) ?? [];
  const shown: Exchange[] = listed.length > 0 ? listed : search.market === "all" ? ["B3", "US"] : [search.market === "b3" ? "B3" : "US"];
  const marketHours = marketHoursView(shown, platformOf(context).clock.now());
  // The funds' list is where B3 investors look for FIIs: it is titled so.
  const meta = search.type === "fund" ? pageMetaFor(context, "fiis", { ns: "fundamentals" }) : pageMetaFor(context, "market.stocks");
  return { meta, search, list, stars: await starsFor(context), marketHours };
}

export const meta = routeMeta;

export default function Stocks({ loaderData: { search, list, stars, marketHours } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sectorLabel = useSectorLabel();
  return (
    <Container size="lg" className="page">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1}>{search.type === "fund" ? t("fiis.title", { ns: "fundamentals" }) : t("market.stocks.title")}</Title>
        <MarketStatusBadges hours={marketHours} />
      </Group>
      <Text mt="xs" c="dimmed">
        {t("market.stocks.intro")}
      </Text>
      {list ? (
        <>
          <DemoNotice sources={[list.source]} stale={list.stale} />
          <Form method="get" role="search" aria-label={t("market.stocks.filters")}>
            <input type="hidden" name="sort" value={search.sort} />
            <input type="hidden" name="order" value={search.order} />
            <input type="hidden" name="perPage" value={search.perPage} />
            <Group align="flex-end" gap="sm" mt="md">
              <TextInput
                id="filter-text"
                type="search"
                name="q"
                label={t("market.stocks.filterText")}
                defaultValue={search.q ?? ""}
                maxLength={100}
                placeholder="PETR4, Itaú…"
              />
              <Select id="filter-market" name="market" label={t("market.stocks.market")} defaultValue={search.market}>
                {stockMarkets.map((market) => (
                  <option key={market} value={market}>
                    {t(`market.stocks.markets.${market}`)}
                  </option>
                ))}
                <option value="all">{t("market.stocks.allMarkets")}</option>
              </Select>
              <Select id="filter-type" name="type" label={t("market.columns.type")} defaultValue={search.type ?? ""}>
                <option value="">{t("market.stocks.allTypes")}</option>
                {stockTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`market.types.${type}`)}
                  </option>
                ))}
              </Select>
              <Select id="filter-sector" name="sector" label={t("market.columns.sector")} defaultValue={search.sector ?? ""}>
                <option value="">{t("market.stocks.allSectors")}</option>
                {list.data.sectors.map((sector) => (
                  <option key={sector} value={sector}>
                    {sectorLabel(sector)}
                  </option>
                ))}
              </Select>
              <Button type="submit">{t("market.apply")}</Button>
            </Group>
          </Form>
          <ListToolbar>
            <Text c="dimmed" inherit>
              {t("market.results", { count: list.data.total })}
            </Text>
            <PageSizeForm perPage={search.perPage} />
          </ListToolbar>
          {list.data.items.length > 0 ? (
            <StockTable items={list.data.items} sort={search} stars={stars} />
          ) : (
            <EmptyState testId="stocks-empty">{t("search.noResults")}</EmptyState>
          )}
          <Pagination page={search.page} perPage={search.perPage} total={list.data.total} />
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
