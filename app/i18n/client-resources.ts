import type { i18n as I18n, ResourceLanguage } from "i18next";

import { type Language, type Namespace, namespaces, onDemandNamespaces } from "./languages";

// One lazy chunk per language and namespace: the browser downloads only its own language. The
// offline assistant's answers are composed on the server and never shipped. The on-demand
// namespaces' chunks are listed in a module of their own, so the start does not even load the list.
const startupLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  "../../locales/*/*.json",
  "!../../locales/*/answers.json",
  "!../../locales/*/content.json",
]);
const startupNamespaces = namespaces.filter((namespace) => !onDemandNamespaces.includes(namespace));

async function loadBundle(language: Language, namespace: Namespace): Promise<Record<string, unknown>> {
  const file = `../../locales/${language}/${namespace}.json`;
  const load = startupLoaders[file] ?? (await import("./on-demand-resources")).onDemandLoaders[file];
  if (!load) throw new Error(`Missing translations: ${language}/${namespace}`);
  return (await load()).default;
}

/** What the browser starts with: every namespace but the on-demand ones. */
export async function loadLanguageResources(language: Language): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    startupNamespaces.map(async (namespace) => [namespace, await loadBundle(language, namespace)] as const),
  );
  return Object.fromEntries(entries);
}

/** One download per language and namespace, however many components wait for it. */
const pending = new WeakMap<I18n, Map<string, Promise<void>>>();

export function addNamespace(i18n: I18n, language: Language, namespace: Namespace): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  let byKey = pending.get(i18n);
  if (!byKey) {
    byKey = new Map();
    pending.set(i18n, byKey);
  }
  const key = `${language}|${namespace}`;
  let loading = byKey.get(key);
  if (!loading) {
    loading = loadBundle(language, namespace).then(
      (bundle) => void i18n.addResourceBundle(language, namespace, bundle),
      (error: unknown) => {
        // A failed download (offline) may be tried again by the next render that needs it.
        byKey.delete(key);
        throw error;
      },
    );
    byKey.set(key, loading);
  }
  return loading;
}

/** Before switching to `language`: its start namespaces and the on-demand ones this page already has. */
export async function addLanguage(i18n: I18n, language: Language) {
  const inUse = onDemandNamespaces.filter((namespace) => i18n.hasResourceBundle(i18n.language, namespace));
  await Promise.all([...startupNamespaces, ...inUse].map((namespace) => addNamespace(i18n, language, namespace)));
}
