import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { browserLanguageDetector } from "./browser-detector";
import { addLanguage } from "./client-resources";
import { isLanguage, languageCookieName, languageQueryParam, type Language } from "./languages";

/**
 * The server already honoured `?lng`, the cookie and Accept-Language. A visitor with no cookie
 * but a language kept in local or session storage (the spec's next sources) is sent to `?lng=`,
 * which renders that language and remembers it in the cookie.
 */
export function useLanguagePreferenceFromStorage(serverLocale: Language) {
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language === serverLocale) return;
    void addLanguage(i18n, serverLocale).then(() => i18n.changeLanguage(serverLocale));
  }, [i18n, serverLocale]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has(languageQueryParam)) return;
    if (document.cookie.split("; ").some((pair) => pair.startsWith(`${languageCookieName}=`))) return;
    const detected = browserLanguageDetector.detect(["localStorage", "sessionStorage"]);
    const stored = Array.isArray(detected) ? detected[0] : detected;
    if (isLanguage(stored) && stored !== serverLocale) {
      url.searchParams.set(languageQueryParam, stored);
      window.location.replace(url);
    }
    // Only on first load: later changes come from the switcher's links.
  }, [serverLocale]);
}
