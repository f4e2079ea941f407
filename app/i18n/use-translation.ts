import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { I18nContext } from "react-i18next";
import type { Namespace } from "./languages";

type Translator = { t: TFunction; i18n: I18n };

/** Per instance: its fixed translate function per namespace, and one language-change subscription. */
const translators = new WeakMap<I18n, Map<string, TFunction>>();
const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

function fixedT(i18n: I18n, namespace: string): TFunction {
  let byNamespace = translators.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translators.set(i18n, byNamespace);
  }
  let t = byNamespace.get(namespace);
  if (!t) {
    // No language: it follows the instance's current one, so one function serves every render.
    t = rememberingPlainKeys(i18n, i18n.getFixedT(null, namespace));
    byNamespace.set(namespace, t);
  }
  return t;
}

/** Enough for every key the app names; a key made from data cannot grow it without bound. */
const rememberedKeysLimit = 5000;

/**
 * `translate`, remembering what a key alone (no options) translates to: most calls are such, and
 * i18next resolves the language and namespace again on each, a tenth of a page's render. The text
 * only changes with the language or when translations arrive.
 */
function rememberingPlainKeys(i18n: I18n, translate: TFunction): TFunction {
  const texts = new Map<string, unknown>();
  const forget = () => texts.clear();
  i18n.on("languageChanged", forget);
  i18n.store.on("added", forget);
  const call = translate as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return call(key, ...rest);
    if (texts.has(key)) return texts.get(key);
    const text = call(key);
    if (texts.size >= rememberedKeysLimit) forget();
    texts.set(key, text);
    return text;
  }) as unknown as TFunction;
}

function subscribeTo(i18n: I18n) {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * react-i18next's useTranslation, for the way this app uses it (a namespace, no key prefix, no
 * suspense), without building a new translate function in every component on every render —
 * which was a fifth of a page's server render time.
 */
export function useTranslation(namespace: Namespace = "common"): Translator {
  const { i18n } = useContext(I18nContext);
  // Re-render when the browser switches language.
  useSyncExternalStore(
    subscribeTo(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return { t: fixedT(i18n, namespace), i18n };
}
