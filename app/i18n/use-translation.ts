import type { i18n as I18n, TFunction } from "i18next";
import { type ComponentType, createElement, type ReactNode, use, useContext, useSyncExternalStore } from "react";
import { I18nContext } from "react-i18next";

import { BoundedMap } from "~/lib/bounded-map";

import type { Namespace } from "./languages";

type Translator = { t: TFunction; i18n: I18n };

/** Per instance: its fixed translate function per namespace, and one language-change subscription. */
const translators = new WeakMap<I18n, Map<string, TFunction>>();
const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

/** The instance's translate function for `namespace`, following its language and remembering texts (below). */
export function fixedT(i18n: I18n, namespace: string): TFunction {
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

/** Enough for every key the app names with the values pages pass; data cannot grow it without bound. */
const rememberedTextsLimit = 5000;

/**
 * Where the text of a key, alone or with values that are all strings, numbers or booleans
 * (`{ name }`, `{ count }`), is remembered; undefined for any other call, which goes to i18next.
 */
function rememberedAs(key: unknown, rest: unknown[]): string | undefined {
  if (typeof key !== "string" || rest.length > 1) return undefined;
  if (rest.length === 0) return key;
  const [values] = rest;
  if (typeof values !== "object" || values === null || Object.getPrototypeOf(values) !== Object.prototype) return undefined;
  let remembered = key;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
    // The type counts: a count of 1 and the string "1" may pick different plural forms.
    remembered += `\u0000${name}\u0001${typeof value}\u0001${value}`;
  }
  return remembered;
}

/**
 * `translate`, remembering what a key alone or with simple values translates to: i18next resolves
 * the language, namespace and interpolation again on each call, a tenth of a page's render, and a
 * table asks the same labels for every row. The text only changes with the language or when
 * translations arrive.
 */
function rememberingPlainKeys(i18n: I18n, translate: TFunction): TFunction {
  const texts = new BoundedMap<string, unknown>(rememberedTextsLimit);
  const forget = () => texts.clear();
  i18n.on("languageChanged", forget);
  i18n.store.on("added", forget);
  const call = translate as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    const remembered = rememberedAs(key, rest);
    if (remembered === undefined) return call(key, ...rest);
    if (texts.has(remembered)) return texts.get(remembered);
    const text = call(key, ...rest);
    texts.set(remembered, text);
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

type NamespaceLoader = (language: string, namespace: Namespace) => Promise<void>;
const onDemandLoaders = new WeakMap<I18n, NamespaceLoader>();

/** In the browser: how a namespace the instance started without is loaded. The server has them all and registers none. */
export function loadNamespacesOnDemand(i18n: I18n, load: NamespaceLoader) {
  onDemandLoaders.set(i18n, load);
}

/**
 * A page that renders with an on-demand namespace (`onDemandNamespaces`): it suspends until the
 * namespace has arrived, so hydration waits for it and a navigation keeps the previous page on
 * screen meanwhile. The waiting is done by a component without hooks of its own: React cannot
 * replay a mounting component that suspended after a stateful hook.
 */
export function withNamespace<Props extends object>(namespace: Namespace, Page: ComponentType<Props>): (props: Props) => ReactNode {
  function NamespaceReady(props: Props) {
    const { i18n } = useContext(I18nContext);
    const load = onDemandLoaders.get(i18n);
    if (load && !i18n.hasResourceBundle(i18n.language, namespace)) use(load(i18n.language, namespace));
    return createElement(Page, props);
  }
  NamespaceReady.displayName = `WithNamespace(${Page.displayName ?? Page.name})`;
  return NamespaceReady;
}

/**
 * react-i18next's useTranslation, for the way this app uses it (a namespace, no key prefix, no
 * suspense: see withNamespace), without building a new translate function in every component on
 * every render — which was a fifth of a page's server render time.
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
