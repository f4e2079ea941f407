import { IconExternalLink, IconNews } from "@tabler/icons-react";

import { useTranslation } from "~/i18n/use-translation";
import type { NewsItem as NewsArticle } from "~/market/types";

import { ImageWithSkeleton } from "./asset-image";
import { LocalTime } from "./local-time";

import "./news-list.css";

/** Headlines, each opening its article on the publisher's site in a new tab. */
export function NewsList({ items }: { items: readonly NewsArticle[] }) {
  return (
    <ul className="news-list" data-testid="news-list">
      {items.map((item) => (
        <NewsItem key={item.id} item={item} />
      ))}
    </ul>
  );
}

function NewsItem({ item }: { item: NewsArticle }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="news-item">
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
  );
}
