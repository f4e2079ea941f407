import { useLocation, useMatches } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { PlainLink } from "../kit/plain-link";

import "./breadcrumb.css";

export type Crumb = { label: string; to: string };

/** Home plus one crumb per path segment; known segments are translated, others shown as typed. */
export function breadcrumbTrail(pathname: string, translate: (segment: string) => string | undefined): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Keep the raw segment when it is not valid percent-encoding.
    }
    return { label: translate(decoded) ?? decoded, to: `/${segments.slice(0, index + 1).join("/")}` };
  });
}

/** A page whose last segment is an id (a note, a coin) names itself with `crumb` in its loader data. */
function useLeafCrumb(): string | undefined {
  const data = useMatches().at(-1)?.data;
  return data && typeof data === "object" && "crumb" in data && typeof data.crumb === "string" ? data.crumb : undefined;
}

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const leafCrumb = useLeafCrumb();
  if (pathname === "/") return null;
  // An empty default marks a segment without a translation; unlike `i18n.exists`, the answer is remembered.
  const crumbs = breadcrumbTrail(pathname, (segment) => t(`breadcrumb.segments.${segment}`, { defaultValue: "" }) || undefined);
  const last = crumbs.at(-1);
  if (last && leafCrumb) last.label = leafCrumb;
  return (
    <nav aria-label={t("breadcrumb.label")} className="breadcrumb">
      <ol>
        <li>
          <PlainLink to="/">{t("breadcrumb.home")}</PlainLink>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <PlainLink to={crumb.to}>{crumb.label}</PlainLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
