import { IconBrandLinkedin } from "@tabler/icons-react";

import { useTranslation } from "~/i18n/use-translation";
import type { ThemeName } from "~/lib/theme";

import { PlainLink } from "../kit/plain-link";
import { Brand } from "./brand";
import { ThemeToggle } from "./theme-toggle";

import "./footer.css";

const linkedinUrl = "https://www.linkedin.com/company/market-analytics";

/** The year Market Analytics began: the footer's rights run from it to the current year. */
export const foundingYear = 2024;

export function Footer({ theme, year }: { theme: ThemeName; year: number }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" aria-label={t("footer.label")}>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Brand />
          <p>{t("footer.rights", { years: year > foundingYear ? `${foundingYear}–${year}` : String(foundingYear) })}</p>
        </div>
        <div>
          <h2 className="site-footer__heading">{t("footer.information")}</h2>
          <ul className="site-footer__links">
            <li>
              <PlainLink to="/about-us">{t("footer.aboutUs")}</PlainLink>
            </li>
            <li>
              <PlainLink to="/about-data">{t("footer.aboutData")}</PlainLink>
            </li>
            <li>
              <PlainLink to="/privacy-policy">{t("footer.privacyPolicy")}</PlainLink>
            </li>
            <li>
              <PlainLink to="/cookie-policy">{t("footer.cookiePolicy")}</PlainLink>
            </li>
            <li>
              <PlainLink to="/more#tools">{t("footer.tools")}</PlainLink>
            </li>
          </ul>
        </div>
        <div>
          <ThemeToggle theme={theme} variant="switch" />
          <h2 className="site-footer__heading">{t("footer.socialNetworks")}</h2>
          <a href={linkedinUrl} target="_blank" rel="noopener noreferrer" className="external-link">
            <IconBrandLinkedin size={20} aria-hidden />
            {t("footer.viewOnLinkedin")}
            <span className="visually-hidden"> {t("footer.opensInNewTab")}</span>
          </a>
        </div>
      </div>
    </footer>
  );
}
