import type { ResourceLanguage } from "i18next";
import { namespaces, type Language } from "./languages";

// One lazy chunk per language and namespace: the browser downloads only its own language. The
// offline assistant's answers are composed on the server and never shipped.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(["../../locales/*/*.json", "!../../locales/*/answers.json"]);

export async function loadLanguageResources(language: Language): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    namespaces.map(async (namespace) => {
      const load = loaders[`../../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`Missing translations: ${language}/${namespace}`);
      return [namespace, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function addLanguage(i18n: import("i18next").i18n, language: Language) {
  if (i18n.hasResourceBundle(language, "common")) return;
  const bundles = await loadLanguageResources(language);
  for (const [namespace, bundle] of Object.entries(bundles)) {
    i18n.addResourceBundle(language, namespace, bundle);
  }
}
