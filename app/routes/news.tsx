import { Container, Text, Title } from "@mantine/core";
import { IconExternalLink, IconNews } from "@tabler/icons-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { getLocale } from "~/i18n/middleware.server";
import { languageOf } from "~/i18n/languages";
import { pageMetaFor } from "~/i18n/translate.server";
import { newsSearch, parseSearch } from "~/market/list-search.server";
import { orUnavailable } from "~/market/unavailable";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { newsCategories } from "~/market/types";
import { ImageWithSkeleton } from "~/ui/market/asset-image";
import { DemoNotice } from "~/ui/market/demo-notice";
import { LocalTime } from "~/ui/market/local-time";
import { Pagination } from "~/ui/kit/pagination";
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
  const { t, i18n } = useTranslation();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("market.news.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("market.news.intro")}
      </Text>
      <nav aria-label={t("market.news.categories")} className="tabs" data-testid="news-tabs">
        {newsCategories.map((option) => (
          <Link key={option} to={`?category=${option}`} aria-current={option === category ? "page" : undefined}>
            {t(`market.newsCategories.${option}`)}
          </Link>
        ))}
      </nav>
      {news ? (
        <>
          <DemoNotice sources={[news.source]} stale={news.stale} />
          {news.data.length === 0 ? (
            <p className="empty-state">{t("search.noResults")}</p>
          ) : (
            <ul className="news-list" data-testid="news-list">
              {news.data.map((item) => (
                <li key={item.id} className="news-item">
                  <span className="news-item__image" aria-hidden>
                    <ImageWithSkeleton src={item.image} width={96} height={64} fallback={<IconNews size={28} />} />
                  </span>
                  <div>
                    <h2 className="news-item__headline">
                      <a href={item.url} target="_blank" rel="noopener noreferrer" lang={item.language}>
                        {item.headline}
                        <IconExternalLink size={14} aria-hidden />
                        <span className="visually-hidden"> {t("footer.opensInNewTab")}</span>
                      </a>
                    </h2>
                    {item.summary && (
                      <p className="news-item__summary" lang={item.language}>
                        {item.summary}
                      </p>
                    )}
                    <p className="news-item__meta">
                      {item.source} · <LocalTime seconds={item.datetime} locale={i18n.language} />
                      {item.related.length > 0 && ` · ${item.related.join(", ")}`}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} perPage={perPage} total={news.total} />
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
