/** pt-BR is the source language and the fallback; the order here is the switcher's order. */
export const supportedLanguages = ["pt-BR", "en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "pt-BR";
/** The namespaces pages render with: the server has them all, the browser loads them for its language. */
export const namespaces = [
  "common",
  "content",
  "account",
  "feedback",
  "favorites",
  "assistant",
  "converter",
  "releases",
  "calendar",
  "fundamentals",
  "screener",
] as const;
export type Namespace = (typeof namespaces)[number];
/**
 * Left out of the browser's start: only the pages that render with them (legal pages, FAQ, about)
 * load them, when they first ask (use-translation.ts). A tenth of a language's translations.
 */
export const onDemandNamespaces: readonly Namespace[] = ["content"];
/** Also on the server only: the offline assistant's answers are composed there and never in the browser. */
export const allNamespaces = [...namespaces, "answers"] as const;

export const languageCookieName = "i18next";
export const languageStorageKey = "i18nextLng";
export const languageQueryParam = "lng";

export const languageNames: Record<Language, string> = {
  "pt-BR": "Português (Brasil)",
  en: "English",
  es: "Español",
};

/** Open Graph wants underscores and a region. */
export const openGraphLocales: Record<Language, string> = {
  "pt-BR": "pt_BR",
  en: "en_US",
  es: "es_ES",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** The middleware only yields supported languages; this narrows its string type. */
export function languageOf(locale: string): Language {
  return isLanguage(locale) ? locale : fallbackLanguage;
}
