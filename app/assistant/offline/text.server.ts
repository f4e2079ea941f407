import { createInstance, type TFunction } from "i18next";

import { fallbackLanguage, type Language } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import { formatDate } from "~/lib/format";

// Its own instance: answers are composed per request language, outside the page middleware.
const i18n = createInstance({
  resources,
  fallbackLng: fallbackLanguage,
  ns: ["answers"],
  defaultNS: "answers",
  initAsync: false,
  showSupportNotice: false,
  // Plain text, never HTML: "Johnson & Johnson" must stay as written.
  interpolation: { escapeValue: false },
});
void i18n.init();

/** The offline answers' texts in `language`. */
export function answerText(language: Language): TFunction {
  return i18n.getFixedT(language, "answers");
}

/** Server text has no visitor time zone: times are given in UTC and say so, like the pages' first render. */
export function formatUtcTime(ms: number, language: Language): string {
  return `${formatDate(ms, language, { dateStyle: "short", timeStyle: "short", timeZone: "UTC" })} UTC`;
}
