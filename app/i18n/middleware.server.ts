import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import {
  allNamespaces,
  fallbackLanguage,
  isLanguage,
  languageCookieName,
  languageOf,
  supportedLanguages,
  type Language,
} from "./languages";
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

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
});

/**
 * One ready instance per language, made once: translating only reads them, so requests share
 * them instead of building and initialising an instance (and its resource store) every time.
 */
const instances = new Map<Language, i18n>(
  supportedLanguages.map((language) => {
    const instance = createInstance({
      resources,
      lng: language,
      ns: [...allNamespaces],
      defaultNS: "common",
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      initAsync: false,
    });
    void instance.use(initReactI18next).init();
    return [language, instance];
  }),
);

const localeContext = createContext<Language>(fallbackLanguage);

/** The visitor's language from `?lng=`, the `i18next` cookie or Accept-Language (remix-i18next's detector). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, languageOf(await detector.getLocale(request)));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(localeContext);

export const getInstance = (context: Readonly<RouterContextProvider>): i18n =>
  instances.get(getLocale(context)) ?? (instances.get(fallbackLanguage) as i18n);
