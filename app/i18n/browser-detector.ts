import LanguageDetector from "i18next-browser-languagedetector";

import { languageCookieName, languageQueryParam, languageStorageKey } from "./languages";

/** The spec's detection order, with the result cached in local storage. */
export const browserLanguageDetector = new LanguageDetector(null, {
  order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
  lookupQuerystring: languageQueryParam,
  lookupCookie: languageCookieName,
  lookupLocalStorage: languageStorageKey,
  lookupSessionStorage: languageStorageKey,
  caches: ["localStorage"],
});
