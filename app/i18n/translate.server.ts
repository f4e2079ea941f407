import type { RouterContextProvider } from "react-router";

import type { PageMeta } from "~/lib/page-meta";
import { mayIndex } from "~/platform/route-table.server";

import type { Namespace } from "./languages";
import { getInstance } from "./middleware.server";
import { fixedT } from "./use-translation";

/**
 * Translated meta for a page whose texts live under `<prefix>.title|description|keywords`, indexed
 * when its route lets search engines index it.
 */
export function pageMetaFor(
  context: Readonly<RouterContextProvider>,
  prefix: string,
  { ns = "common" }: { ns?: Namespace } = {},
): PageMeta {
  const t = fixedT(getInstance(context), ns);
  return {
    title: t(`${prefix}.title`),
    description: t(`${prefix}.description`),
    keywords: t(`${prefix}.keywords`, { defaultValue: t("home.keywords", { ns: "common" }) }),
    noindex: !mayIndex(context),
  };
}
