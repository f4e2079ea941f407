import { IconLanguage } from "@tabler/icons-react";
import { useLocation } from "react-router";

import { languageNames, languageQueryParam, supportedLanguages } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";

import { DisclosureMenu } from "./menu";

import "./language-switcher.css";

/** Plain links carrying `?lng=`: they work without JavaScript and the server remembers the choice. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const hrefFor = (language: string) => {
    const params = new URLSearchParams(location.search);
    params.set(languageQueryParam, language);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <DisclosureMenu
      className="menu--end menu--compact"
      label={
        <>
          <IconLanguage size={20} aria-hidden />
          <span className="visually-hidden">{t("nav.language")}: </span>
          <span className="language-code">{i18n.language}</span>
        </>
      }
    >
      <ul className="menu__list" data-testid="language-switcher">
        {supportedLanguages.map((language) => (
          <li key={language}>
            <a href={hrefFor(language)} hrefLang={language} lang={language} aria-current={i18n.language === language ? "true" : undefined}>
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </DisclosureMenu>
  );
}
