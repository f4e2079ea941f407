import type { ComponentPropsWithoutRef } from "react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { isExternalHref, type SearchResult } from "~/market/search-scope";

import { AssetImage } from "../market/asset-image";
import { Change } from "../market/change";

type ResultLinkProps = { result: SearchResult; showKind?: boolean } & Omit<
  ComponentPropsWithoutRef<"a">,
  "href" | "children" | "className"
>;

/**
 * One result: an app link, or a news article opened in a new tab without opener or referrer.
 * Assets show their price and 24 h change; `showKind` names the kind where kinds are mixed.
 */
export function ResultLink({ result, showKind = false, ...props }: ResultLinkProps) {
  const { t, i18n } = useTranslation();
  const isAsset = result.kind === "cryptos" || result.kind === "stocks";
  const body = (
    <>
      {/* Decorative: the title beside it names the result. Assets always get one (a monogram at worst), so their rows align. */}
      {isAsset ? (
        <AssetImage src={result.image ?? null} label={result.kind === "cryptos" ? result.subtitle : result.title} />
      ) : result.image ? (
        <img src={result.image} alt="" width={28} height={28} loading="lazy" className="search-result__image" />
      ) : null}
      <span className="search-result__text">
        <span className="search-result__title">{result.title}</span>
        <span className="search-result__subtitle">
          {showKind && <span className="search-result__kind">{t(`search.kind.${result.kind}`)}</span>}
          {result.subtitle}
        </span>
      </span>
      {result.quote && (
        <span className="search-result__quote">
          <span className="search-result__price">{formatMoney(result.quote.price, result.quote.currency, i18n.language)}</span>
          <Change value={result.quote.change24h} />
        </span>
      )}
    </>
  );
  return isExternalHref(result.href) ? (
    <a {...props} href={result.href} target="_blank" rel="noopener noreferrer" className="search-result">
      {body}
    </a>
  ) : (
    <Link {...props} to={result.href} className="search-result">
      {body}
    </Link>
  );
}
