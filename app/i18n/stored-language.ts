import { isLanguage, type Language, languageCookieName, languageQueryParam } from "./languages";

type StoredLanguageInputs = {
  /** The page's address. */
  href: string;
  /** `document.cookie`. */
  cookie: string;
  /** What local and session storage keep under `i18nextLng`, in the spec's order. */
  stored: readonly (string | null)[];
  /** The language the server rendered the page in. */
  rendered: Language;
};

/**
 * The spec's detection order in the browser: `?lng=`, then the `i18next` cookie (both already
 * honoured by the server), then local and session storage, which only the browser can read. When
 * storage names another language than the page was rendered in, the address to load instead: the
 * same page with `?lng=`, which renders that language and remembers it in the cookie.
 */
export function storedLanguageReload({ href, cookie, stored, rendered }: StoredLanguageInputs): string | null {
  const url = new URL(href);
  if (url.searchParams.has(languageQueryParam)) return null;
  if (cookie.split(/;\s*/).some((pair) => pair.startsWith(`${languageCookieName}=`))) return null;
  const language = stored.find((value) => value !== null);
  if (!isLanguage(language) || language === rendered) return null;
  url.searchParams.set(languageQueryParam, language);
  return url.toString();
}
