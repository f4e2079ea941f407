import { Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Language } from "~/i18n/languages";
import { AssetImage } from "./asset-image";
import { Change } from "./change";
import "../content/prose.css";

/** A fact about the asset shown as a tag by its name (a stock's type, its currency). */
export type AssetTag = { label: string; value: string };

type AssetHeaderProps = {
  image: string | null;
  imageLabel: string;
  title: string;
  subtitle: string;
  price: string;
  change: number | null;
  tags?: AssetTag[];
  /** At the header's side: the favourite star. */
  action: ReactNode;
};

/** The top of a detail page: logo, name, current price and 24h change, and the favourite star. */
export function AssetHeader({ image, imageLabel, title, subtitle, price, change, tags = [], action }: AssetHeaderProps) {
  return (
    <header className="asset-header" data-testid="asset-header">
      <AssetImage src={image} label={imageLabel} size={48} />
      <div className="asset-header__main">
        <div className="asset-header__title">
          <Title order={1}>
            {title} <span className="asset-header__symbol">{subtitle}</span>
          </Title>
          {tags.length > 0 && (
            <ul className="asset-header__tags">
              {tags.map((tag) => (
                <li key={tag.label} title={tag.label} data-testid="asset-tag">
                  <span className="visually-hidden">{tag.label}: </span>
                  {tag.value}
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="asset-header__price">
          <span data-testid="price">{price}</span> <Change value={change} />
        </p>
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
        <p className="muted">{t("market.noDescription")}</p>
      ) : (
        <>
          {language !== i18n.language && (
            <p className="muted" data-testid="language-marker">
              {t("market.originalLanguage", { language: t(`market.languages.${language}`) })}
            </p>
          )}
          <div lang={language}>{children}</div>
        </>
      )}
      {footer}
    </section>
  );
}
