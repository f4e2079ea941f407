import { useEffect } from "react";

import { useTranslation } from "~/i18n/use-translation";

import { addLanguage } from "./client-resources";
import type { Language } from "./languages";

/**
 * Keeps the browser's translator on the language the server rendered: the server honoured
 * `?lng`, the cookie and Accept-Language, and a language kept only in storage was sent to `?lng=`
 * before hydration (entry.client.tsx, stored-language.ts).
 */
export function useRenderedLanguage(serverLocale: Language) {
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language === serverLocale) return;
    void addLanguage(i18n, serverLocale).then(() => i18n.changeLanguage(serverLocale));
  }, [i18n, serverLocale]);
}
