import { Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { newsCategories } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { newsSearch, parseSearch } from "~/screens/list-search.server";
import { EmptyState } from "~/ui/kit/empty-state";
import { LinkTabs } from "~/ui/kit/link-tabs";
import { Pagination } from "~/ui/kit/pagination";
import { DemoNotice } from "~/ui/market/demo-notice";
import { NewsList } from "~/ui/market/news-list";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/news";

const perPage = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { category, page } = parseSearch(request, newsSearch);
  const news = await orUnavailable(platformOf(context).logger, marketOf(context).news(category, languageOf(getLocale(context))));
  return {
    meta: pageMetaFor(context, "market.news"),
    category,
    page,
    news: news && { ...news, data: news.data.slice((page - 1) * perPage, page * perPage), total: news.data.length },
  };
}

export const meta = routeMeta;

export default function News({ loaderData: { category, page, news } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("market.news.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("market.news.intro")}
      </Text>
      <LinkTabs label={t("market.news.categories")} testId="news-tabs">
        {newsCategories.map((option) => (
          <Link key={option} to={`?category=${option}`} aria-current={option === category ? "page" : undefined}>
            {t(`market.newsCategories.${option}`)}
          </Link>
        ))}
      </LinkTabs>
      {news ? (
        <>
          <DemoNotice sources={[news.source]} stale={news.stale} />
          {news.data.length === 0 ? <EmptyState>{t("search.noResults")}</EmptyState> : <NewsList items={news.data} />}
          <Pagination page={page} perPage={perPage} total={news.total} />
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
