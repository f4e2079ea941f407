import type { Resource } from "i18next";
import enAccount from "../../locales/en/account.json";
import enCommon from "../../locales/en/common.json";
import enContent from "../../locales/en/content.json";
import esAccount from "../../locales/es/account.json";
import esCommon from "../../locales/es/common.json";
import esContent from "../../locales/es/content.json";
import ptAccount from "../../locales/pt-BR/account.json";
import ptCommon from "../../locales/pt-BR/common.json";
import ptContent from "../../locales/pt-BR/content.json";

/** Every language and namespace, for the server (the browser loads only its own language). */
export const resources = {
  "pt-BR": { common: ptCommon, content: ptContent, account: ptAccount },
  en: { common: enCommon, content: enContent, account: enAccount },
  es: { common: esCommon, content: esContent, account: esAccount },
} satisfies Resource;
