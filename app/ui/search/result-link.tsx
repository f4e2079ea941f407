import type { ComponentPropsWithoutRef } from "react";
import { Link } from "react-router";
import { isExternalHref, type SearchResult } from "./search-scope";

type ResultLinkProps = { result: SearchResult } & Omit<ComponentPropsWithoutRef<"a">, "href" | "children" | "className">;

/** One result: an app link, or a news article opened in a new tab without opener or referrer. */
export function ResultLink({ result, ...props }: ResultLinkProps) {
  const body = (
    <>
      {/* Decorative: the title beside it names the result. */}
      {result.image ? <img src={result.image} alt="" width={28} height={28} loading="lazy" className="search-result__image" /> : null}
      <span className="search-result__text">
        <span className="search-result__title">{result.title}</span>
        <span className="search-result__subtitle">{result.subtitle}</span>
      </span>
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
