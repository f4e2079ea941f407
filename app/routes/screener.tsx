import { Container, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";

import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { pageOf, viewOf } from "~/market/screener";
import { platformOf } from "~/platform/context.server";
import { screenerResult } from "~/screens/screener.server";
import { readScreenerQuery } from "~/screens/screener-query.server";
import { EmptyState } from "~/ui/kit/empty-state";
import { Pagination } from "~/ui/kit/pagination";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { PageSizeForm } from "~/ui/market/page-size";
import { csvHref, ScreenerForm, ScreenerTable } from "~/ui/market/screener";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/screener";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { input, query, errors } = readScreenerQuery(new URL(request.url).searchParams, languageOf(getLocale(context)));
  const { clock, logger } = platformOf(context);
  const result = await screenerResult(marketOf(context), clock, logger, query);
  const page = result && pageOf(result.rows, query.page, query.perPage);
  return {
    meta: pageMetaFor(context, "page", { ns: "screener" }),
    input,
    errors,
    perPage: query.perPage,
    result: result &&
      page && {
        rows: page.items.map(viewOf),
        page: page.page,
        total: page.total,
        sectors: result.sectors,
        segments: result.segments,
        sources: result.sources,
        stale: result.stale,
      },
  };
}

export const meta = routeMeta;

export default function Screener({ loaderData: { input, errors, perPage, result } }: Route.ComponentProps) {
  const { t } = useTranslation("screener");
  const { t: tc } = useTranslation();
  const location = useLocation();
  const sort = { sort: input.sort, order: input.order } as Parameters<typeof ScreenerTable>[0]["sort"];
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("page.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("page.intro")}
      </Text>
      {result ? (
        <>
          <DemoNotice sources={result.sources} stale={result.stale} />
          <ScreenerForm state={{ input, errors }} sectors={result.sectors} segments={result.segments} />
          <ListToolbar>
            <div className="screener-actions">
              <Text c="dimmed" inherit data-testid="screener-count">
                {tc("market.results", { count: result.total })}
              </Text>
              <Link to={csvHref(location.search)} reloadDocument download data-testid="screener-csv" title={t("form.csvHint")}>
                {t("form.csv")}
              </Link>
            </div>
            <PageSizeForm perPage={perPage} />
          </ListToolbar>
          {result.rows.length > 0 ? (
            <ScreenerTable rows={result.rows} sort={sort} />
          ) : (
            <EmptyState testId="screener-empty">{t("table.empty")}</EmptyState>
          )}
          <Pagination page={result.page} perPage={perPage} total={result.total} />
          <Text size="sm" c="dimmed" mt="md">
            {t("notes.money")}
            {result.sources.includes("demo") && ` ${t("page.demoFigures")}`}
          </Text>
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
