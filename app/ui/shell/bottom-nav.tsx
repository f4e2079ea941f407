import { Link, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { activeBottomNavEntry, bottomNavEntries } from "./nav-links";

import "./bottom-nav.css";

export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeBottomNavEntry(pathname);
  return (
    <nav className="bottom-nav" aria-label={t("bottomNav.label")} data-testid="bottom-nav">
      <ul>
        {bottomNavEntries.map(({ labelKey, to, icon: Icon }) => (
          <li key={to}>
            <Link to={to} aria-current={active === to ? "page" : undefined} prefetch="intent">
              <Icon size={22} aria-hidden />
              <span>{t(labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
