import type { IncomingMessage } from "node:http";

import { createInstance, type i18n } from "i18next";
import { LRUCache } from "lru-cache";
import { initReactI18next } from "react-i18next";
import { type Cookie, createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { RemixI18Next } from "remix-i18next/server";

import { YEAR_SECONDS } from "~/lib/time";
import { readCookie, serializeCookie } from "~/platform/cookies.server";

import {
  allNamespaces,
  fallbackLanguage,
  isLanguage,
  type Language,
  languageCookieName,
  languageOf,
  languageQueryParam,
  supportedLanguages,
} from "./languages";
import { resources } from "./resources";

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
    return serializeCookie(languageCookieName, value, { maxAge: YEAR_SECONDS, httpOnly: false });
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

/**
 * A browser lists a handful of languages. The detector's parsing grows much faster than the
 * header, so a few kilobytes of made-up entries would cost milliseconds on every request.
 */
const acceptedLanguages = (header: string | null | undefined) => (header ?? "").slice(0, 512).split(",", 16).join(",");

/** The visitor's language from `?lng=`, the `i18next` cookie or Accept-Language (remix-i18next's detector). */
async function detectLanguageWithDetector(url: string, cookie: string | null | undefined, acceptLanguage: string) {
  try {
    const inputs = new Request(url, { headers: { cookie: cookie ?? "", "accept-language": acceptLanguage } });
    return languageOf(await detector.getLocale(inputs));
  } catch {
    return fallbackLanguage;
  }
}

/**
 * Without `?lng=` the answer depends only on the language cookie and the header, which repeat from
 * visitor to visitor: remembered, so a page served from memory builds no Request to find it out.
 * Bounded, since both are the visitor's to choose.
 */
const detectedFromHeaders = new LRUCache<string, Language>({ max: 1000 });

async function detectLanguageOf(url: string, cookie: string | null | undefined, acceptLanguage: string | null | undefined) {
  const accepted = acceptedLanguages(acceptLanguage);
  if (URL.parse(url)?.searchParams.has(languageQueryParam) !== false) return detectLanguageWithDetector(url, cookie, accepted);
  const key = `${readCookie(cookie ?? null, languageCookieName) ?? ""}\u0000${accepted}`;
  const remembered = detectedFromHeaders.get(key);
  if (remembered) return remembered;
  const language = await detectLanguageWithDetector(url, cookie, accepted);
  detectedFromHeaders.set(key, language);
  return language;
}

export const detectLanguage = (request: { url: string; headers: { get(name: string): string | null } }): Promise<Language> =>
  detectLanguageOf(request.url, request.headers.get("Cookie"), request.headers.get("Accept-Language"));

/** The same detection for a request the router has not seen yet (Node's own request object). */
export const detectIncomingLanguage = (request: IncomingMessage): Promise<Language> =>
  detectLanguageOf(
    `http://localhost${request.url?.startsWith("/") ? request.url : "/"}`,
    request.headers.cookie,
    request.headers["accept-language"],
  );

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLanguage(request));
  return next();
};

/** The translator of a language, for answers given before a request reaches the router. */
export const instanceFor = (language: Language): i18n => instances.get(language) ?? (instances.get(fallbackLanguage) as i18n);

export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(localeContext);

export const getInstance = (context: Readonly<RouterContextProvider>): i18n => instanceFor(getLocale(context));
