import { IconUserCircle } from "@tabler/icons-react";
import { NavLink } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { ThemeName } from "~/lib/theme";

import { PlainLink } from "../kit/plain-link";
import { SearchBar } from "../search/search-bar";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";
import { DisclosureMenu } from "./menu";
import { marketMenu, toolsMenu } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

import "./controls.css";
import "./header.css";

export function Header({ theme, signedIn }: { theme: ThemeName; signedIn: boolean }) {
  const { t } = useTranslation();
  const accountLabel = signedIn ? t("nav.myAccount") : t("nav.connectAccount");
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand />
        <nav aria-label={t("nav.mainNavigation")} className="main-nav">
          <ul>
            <li>
              <DisclosureMenu label={t("nav.markets")}>
                <div className="menu__columns">
                  {marketMenu.map((group) => (
                    <div key={group.to}>
                      <p className="menu__heading">
                        <PlainLink to={group.to}>{t(group.labelKey)}</PlainLink>
                      </p>
                      <ul className="menu__list">
                        {group.items.map((item) => (
                          <li key={item.to}>
                            <PlainLink to={item.to}>{t(item.labelKey)}</PlainLink>
                          </li>
                        ))}
                        <li>
                          <PlainLink to={group.to} className="menu__all">
                            {t(group.allKey)}
                          </PlainLink>
                        </li>
                      </ul>
                    </div>
                  ))}
                </div>
              </DisclosureMenu>
            </li>
            <li>
              <NavLink to="/news" className="nav-button">
                {t("nav.news")}
              </NavLink>
            </li>
            <li>
              <DisclosureMenu label={t("nav.tools")}>
                <ul className="menu__list">
                  {toolsMenu.map((item) => (
                    <li key={item.to}>
                      <PlainLink to={item.to}>{t(item.labelKey)}</PlainLink>
                    </li>
                  ))}
                </ul>
              </DisclosureMenu>
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <SearchBar />
          <LanguageSwitcher />
          <ThemeToggle theme={theme} variant="icon" />
          <PlainLink to={signedIn ? "/user" : "/login"} className="account-link" aria-label={accountLabel}>
            <IconUserCircle size={20} aria-hidden />
            <span>{accountLabel}</span>
          </PlainLink>
        </div>
      </div>
    </header>
  );
}
