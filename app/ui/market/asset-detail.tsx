import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

import type { Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";
import type { LiveKey } from "~/market/realtime/protocol";

import { type Tag, TagList } from "../kit/tag-list";
import { liveProps } from "../realtime/live-quotes";
import type { Flash } from "../realtime/live-store";
import { AssetImage } from "./asset-image";
import { Change } from "./change";

import "../content/prose.css";
import "./asset-detail.css";

type AssetHeaderProps = {
  image: string | null;
  imageLabel: string;
  title: string;
  subtitle: string;
  price: string;
  change: number | null;
  /** The price's live key and flash (see useLiveQuote). */
  live: { key: LiveKey; flash: Flash | null };
  /** Facts shown as tags by the name (a stock's type, its currency). */
  tags?: Tag[];
  /** Under the price: whether its market is trading (stocks). */
  status?: ReactNode;
  /** At the header's side: the favourite star. */
  action: ReactNode;
};

/** The top of a detail page: logo, name, current price and 24h change, and the favourite star. */
export function AssetHeader({ image, imageLabel, title, subtitle, price, change, live, tags = [], status, action }: AssetHeaderProps) {
  return (
    <header className="asset-header" data-testid="asset-header">
      <AssetImage src={image} label={imageLabel} size={48} />
      <div className="asset-header__main">
        <div className="asset-header__title">
          <Title order={1} className="asset-header__name">
            {title} <span className="asset-header__symbol">{subtitle}</span>
          </Title>
          <TagList tags={tags} tagTestId="asset-tag" />
        </div>
        <p className="asset-header__price">
          <span data-testid="price" {...liveProps(live.key, live.flash)}>
            {price}
          </span>{" "}
          <span className="asset-header__change">
            <Change value={change} />
          </span>
        </p>
        {status && <div className="asset-header__status">{status}</div>}
      </div>
      <div className="asset-header__action">{action}</div>
    </header>
  );
}

type AssetAboutProps = { heading: string; language: Language | null; children: ReactNode; footer?: ReactNode };

/** The "about" section; says so when the text is not in the visitor's language. */
export function AssetAbout({ heading, language, children, footer }: AssetAboutProps) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="about-heading" className="page-section prose">
      <Title order={2} size="h3" id="about-heading">
        {heading}
      </Title>
      {language === null ? (
        <Text c="dimmed" my="md" inherit>
          {t("market.noDescription")}
        </Text>
      ) : (
        <>
          {language !== i18n.language && (
            <Text c="dimmed" my="md" inherit data-testid="language-marker">
              {t("market.originalLanguage", { language: t(`market.languages.${language}`) })}
            </Text>
          )}
          <div lang={language}>{children}</div>
        </>
      )}
      {footer}
    </section>
  );
}
