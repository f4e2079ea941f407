import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";

import { browserLanguageDetector } from "./i18n/browser-detector";
import { addNamespace, loadLanguageResources } from "./i18n/client-resources";
import { fallbackLanguage, isLanguage, languageStorageKey, namespaces, supportedLanguages } from "./i18n/languages";
import { storedLanguageReload } from "./i18n/stored-language";
import { loadNamespacesOnDemand } from "./i18n/use-translation";

/** A storage read; a browser that blocks storage (privacy settings) throws on access. */
function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

async function main() {
  // Hydrate in the language the server rendered, so markup matches.
  const rendered = document.documentElement.lang;
  const language = isLanguage(rendered) ? rendered : fallbackLanguage;
  // Before anything writes the rendered language into storage: a stored choice the server could
  // not see reloads the page in that language.
  const reload = storedLanguageReload({
    href: window.location.href,
    cookie: document.cookie,
    stored: [readStorage(() => localStorage, languageStorageKey), readStorage(() => sessionStorage, languageStorageKey)],
    rendered: language,
  });
  if (reload) {
    window.location.replace(reload);
    return;
  }
  await i18next
    .use(initReactI18next)
    .use(browserLanguageDetector)
    .init({
      lng: language,
      resources: { [language]: await loadLanguageResources(language) },
      ns: [...namespaces],
      defaultNS: "common",
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  loadNamespacesOnDemand(i18next, (wanted, namespace) => addNamespace(i18next, isLanguage(wanted) ? wanted : language, namespace));
  // Each step gets a task of its own: long tasks are what keep a phone from answering a tap
  // while the page hydrates. The language is remembered (a local storage write) after hydration.
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
  await nextTask();
  browserLanguageDetector.cacheUserLanguage(language);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

main().catch((error) => console.error(error));
