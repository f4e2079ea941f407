import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { PlainLink } from "./plain-link";

import "./pagination.css";

/** Page numbers to show: the edges, the current page with `siblings` on each side, gaps as null. */
function paginationRange(page: number, totalPages: number, siblings = 2, showEdges = true): Array<number | null> {
  const first = Math.max(1, page - siblings);
  const last = Math.min(totalPages, page + siblings);
  const pages: Array<number | null> = [];
  if (showEdges && first > 1) pages.push(1, ...(first > 2 ? [null] : []));
  for (let current = first; current <= last; current++) pages.push(current);
  if (showEdges && last < totalPages) pages.push(...(last < totalPages - 1 ? [null] : []), totalPages);
  return pages;
}

type PaginationProps = {
  page: number;
  perPage: number;
  total: number;
  /** Query parameter carrying the page, so two lists on one page can page independently. */
  param?: string;
  siblings?: number;
  showEdges?: boolean;
};

/** Real links, so paging works without JavaScript and every page has its own URL. */
export function Pagination({ page, perPage, total, param = "page", siblings = 2, showEdges = true }: PaginationProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  if (totalPages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav className="pagination" aria-label={t("market.pagination.label")}>
      <ul>
        <li>
          <StepLink to={page > 1 ? hrefFor(page - 1) : null} rel="prev" label={t("market.pagination.previous")}>
            <IconChevronLeft size={16} aria-hidden />
          </StepLink>
        </li>
        {paginationRange(page, totalPages, siblings, showEdges).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} aria-hidden>
              …
            </li>
          ) : (
            <li key={target}>
              <PlainLink
                to={hrefFor(target)}
                preventScrollReset
                aria-current={target === page ? "page" : undefined}
                aria-label={t("market.pagination.page", { page: target })}
              >
                {target}
              </PlainLink>
            </li>
          ),
        )}
        <li>
          <StepLink to={page < totalPages ? hrefFor(page + 1) : null} rel="next" label={t("market.pagination.next")}>
            <IconChevronRight size={16} aria-hidden />
          </StepLink>
        </li>
      </ul>
    </nav>
  );
}

/** Previous/next: a link, or an inert marker on the first and last page. */
function StepLink({ to, rel, label, children }: { to: string | null; rel: "prev" | "next"; label: string; children: ReactNode }) {
  if (to === null) {
    return (
      <span aria-disabled="true" className="pagination__disabled">
        {children}
      </span>
    );
  }
  return (
    <PlainLink to={to} rel={rel} preventScrollReset aria-label={label}>
      {children}
    </PlainLink>
  );
}
