import type { Resource } from "i18next";

import enAccount from "../../locales/en/account.json";
import enAnswers from "../../locales/en/answers.json";
import enAssistant from "../../locales/en/assistant.json";
import enCalendar from "../../locales/en/calendar.json";
import enCommon from "../../locales/en/common.json";
import enContent from "../../locales/en/content.json";
import enConverter from "../../locales/en/converter.json";
import enFavorites from "../../locales/en/favorites.json";
import enFeedback from "../../locales/en/feedback.json";
import enFundamentals from "../../locales/en/fundamentals.json";
import enReleases from "../../locales/en/releases.json";
import enScreener from "../../locales/en/screener.json";
import esAccount from "../../locales/es/account.json";
import esAnswers from "../../locales/es/answers.json";
import esAssistant from "../../locales/es/assistant.json";
import esCalendar from "../../locales/es/calendar.json";
import esCommon from "../../locales/es/common.json";
import esContent from "../../locales/es/content.json";
import esConverter from "../../locales/es/converter.json";
import esFavorites from "../../locales/es/favorites.json";
import esFeedback from "../../locales/es/feedback.json";
import esFundamentals from "../../locales/es/fundamentals.json";
import esReleases from "../../locales/es/releases.json";
import esScreener from "../../locales/es/screener.json";
import ptAccount from "../../locales/pt-BR/account.json";
import ptAnswers from "../../locales/pt-BR/answers.json";
import ptAssistant from "../../locales/pt-BR/assistant.json";
import ptCalendar from "../../locales/pt-BR/calendar.json";
import ptCommon from "../../locales/pt-BR/common.json";
import ptContent from "../../locales/pt-BR/content.json";
import ptConverter from "../../locales/pt-BR/converter.json";
import ptFavorites from "../../locales/pt-BR/favorites.json";
import ptFeedback from "../../locales/pt-BR/feedback.json";
import ptFundamentals from "../../locales/pt-BR/fundamentals.json";
import ptReleases from "../../locales/pt-BR/releases.json";
import ptScreener from "../../locales/pt-BR/screener.json";

/** Every language and namespace, for the server (the browser loads only its own language). */
export const resources = {
  "pt-BR": {
    common: ptCommon,
    content: ptContent,
    account: ptAccount,
    feedback: ptFeedback,
    favorites: ptFavorites,
    assistant: ptAssistant,
    answers: ptAnswers,
    converter: ptConverter,
    releases: ptReleases,
    calendar: ptCalendar,
    fundamentals: ptFundamentals,
    screener: ptScreener,
  },
  en: {
    common: enCommon,
    content: enContent,
    account: enAccount,
    feedback: enFeedback,
    favorites: enFavorites,
    assistant: enAssistant,
    answers: enAnswers,
    converter: enConverter,
    releases: enReleases,
    calendar: enCalendar,
    fundamentals: enFundamentals,
    screener: enScreener,
  },
  es: {
    common: esCommon,
    content: esContent,
    account: esAccount,
    feedback: esFeedback,
    favorites: esFavorites,
    assistant: esAssistant,
    answers: esAnswers,
    converter: esConverter,
    releases: esReleases,
    calendar: esCalendar,
    fundamentals: esFundamentals,
    screener: esScreener,
  },
} satisfies Resource;
