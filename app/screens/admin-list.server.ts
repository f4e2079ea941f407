import type { RouterContextProvider } from "react-router";

import { requireAdmin } from "~/account/current-user";
import type { Namespace } from "~/i18n/languages";
import { pageMetaFor } from "~/i18n/translate.server";
import { platformOf } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";

import { pagedSearch, parseSearch } from "./list-search.server";

type AdminList<Page> = {
  /** The page title's key and namespace. */
  meta: readonly [prefix: string, ns: Namespace];
  perPage: number;
  /** One page of the rows, with their total. */
  list: (db: AppDatabase, page: number) => Promise<Page>;
};

/** The page of an administrators' list that `?page=` asks for; anyone else is told it does not exist. */
export async function adminListPage<Page extends { items: unknown[]; total: number }>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { meta: [prefix, ns], perPage, list }: AdminList<Page>,
) {
  requireAdmin(context, request);
  const { page } = parseSearch(request, pagedSearch);
  return { meta: pageMetaFor(context, prefix, { ns }), page, perPage, ...(await list(platformOf(context).db, page)) };
}
