import type { Resource } from "i18next";
import enCommon from "../../locales/en/common.json";
import enContent from "../../locales/en/content.json";
import esCommon from "../../locales/es/common.json";
import esContent from "../../locales/es/content.json";
import ptCommon from "../../locales/pt-BR/common.json";
import ptContent from "../../locales/pt-BR/content.json";

/** Every language and namespace, for the server (the browser loads only its own language). */
export const resources = {
  "pt-BR": { common: ptCommon, content: ptContent },
  en: { common: enCommon, content: enContent },
  es: { common: esCommon, content: esContent },
} satisfies Resource;
