import { Container, Text, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { pageMetaFor } from "~/i18n/translate.server";
import { stockSortBy } from "~/market/list-params";
import { parseSearch, stockListSearch } from "~/market/list-search.server";
import { orUnavailable } from "~/market/unavailable";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { stockMarkets, stockTypes } from "~/market/types";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { EmptyState } from "~/ui/kit/empty-state";
import { PageSizeForm } from "~/ui/market/page-size";
import { Pagination } from "~/ui/kit/pagination";
import { useSectorLabel } from "~/ui/market/sector";
import { StockTable } from "~/ui/market/tables";
import { Unavailable } from "~/ui/market/unavailable";
import { starsFor } from "~/favorites/stars.server";
import { routeMeta } from "~/ui/meta";
import type { Route } from "./+types/stocks";
import { Button } from "~/ui/kit/button";

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
  return { meta: pageMetaFor(context, "market.stocks"), search, list, stars: await starsFor(context) };
}

export const meta = routeMeta;

export default function Stocks({ loaderData: { search, list, stars } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sectorLabel = useSectorLabel();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("market.stocks.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("market.stocks.intro")}
      </Text>
      {list ? (
        <>
          <DemoNotice sources={[list.source]} stale={list.stale} />
          <Form method="get" className="filters" role="search" aria-label={t("market.stocks.filters")}>
            <input type="hidden" name="sort" value={search.sort} />
            <input type="hidden" name="order" value={search.order} />
            <input type="hidden" name="perPage" value={search.perPage} />
            <div className="field">
              <label htmlFor="filter-text">{t("market.stocks.filterText")}</label>
              <input id="filter-text" type="search" name="q" defaultValue={search.q ?? ""} maxLength={100} placeholder="PETR4, Itaú…" />
            </div>
            <div className="field">
              <label htmlFor="filter-market">{t("market.stocks.market")}</label>
              <select id="filter-market" name="market" defaultValue={search.market}>
                {stockMarkets.map((market) => (
                  <option key={market} value={market}>
                    {t(`market.stocks.markets.${market}`)}
                  </option>
                ))}
                <option value="all">{t("market.stocks.allMarkets")}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="filter-type">{t("market.columns.type")}</label>
              <select id="filter-type" name="type" defaultValue={search.type ?? ""}>
                <option value="">{t("market.stocks.allTypes")}</option>
                {stockTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`market.types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="filter-sector">{t("market.columns.sector")}</label>
              <select id="filter-sector" name="sector" defaultValue={search.sector ?? ""}>
                <option value="">{t("market.stocks.allSectors")}</option>
                {list.data.sectors.map((sector) => (
                  <option key={sector} value={sector}>
                    {sectorLabel(sector)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit">{t("market.apply")}</Button>
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
