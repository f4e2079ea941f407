import { initReactI18next } from "react-i18next";
import type { Cookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { allNamespaces, fallbackLanguage, isLanguage, languageCookieName, supportedLanguages } from "./languages";
import { resources } from "./resources";
import { readCookie, serializeCookie } from "~/platform/cookies.server";

const oneYear = 60 * 60 * 24 * 365;

/**
 * The spec names a plain `i18next` cookie, which the browser-side detector reads too, so it is
 * kept as a bare value rather than React Router's encoded cookie format.
 */
export const languageCookie: Cookie = {
  name: languageCookieName,
  isSigned: false,
  expires: undefined,
  async parse(header) {
    const value = readCookie(header, languageCookieName);
    return isLanguage(value) ? value : null;
  },
  async serialize(value: string) {
    return serializeCookie(languageCookieName, value, { maxAge: oneYear, httpOnly: false });
  },
};

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: {
    resources,
    ns: [...allNamespaces],
    defaultNS: "common",
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  },
  plugins: [initReactI18next],
});
