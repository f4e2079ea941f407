import { Container, Group, Title } from "@mantine/core";
import { IconStar } from "@tabler/icons-react";
import { data, Form, useLocation } from "react-router";

import { requireUser } from "~/account/current-user";
import { assetKey, type AssetType, type FavoriteSortField, favoritesPerPage } from "~/favorites/assets";
import { listFavorites, tablesLinkedTo } from "~/favorites/favorites.server";
import { sortAndPage } from "~/favorites/list";
import { quoteFavorites } from "~/favorites/quotes.server";
import { favoriteListParams } from "~/favorites/schemas";
import { starStates } from "~/favorites/stars.server";
import { addItemToTable, tableChoices } from "~/favorites/tables.server";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { readFormData } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { AddToTable } from "~/ui/favorites/add-to-table";
import { FavoriteStar } from "~/ui/favorites/favorite-star";
import { QuoteCells } from "~/ui/favorites/quote-cells";
import { Button, ButtonLink } from "~/ui/kit/button";
import { EmptyState } from "~/ui/kit/empty-state";
import { Pagination } from "~/ui/kit/pagination";
import { PlainLink } from "~/ui/kit/plain-link";
import { QuoteTable, wideOnly } from "~/ui/market/quote-table";
import { SortHeader, type SortState } from "~/ui/market/sort-header";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/favorite-items";

import "~/ui/favorites/favorites.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, logger } = platformOf(context);
  const url = new URL(request.url);
  const params = favoriteListParams.parse(Object.fromEntries(url.searchParams));
  const language = languageOf(getLocale(context));
  const currency = readCryptoCurrency(request.headers.get("Cookie"), language);
  const [favorites, tables, stars] = await Promise.all([listFavorites(db, user.id), tableChoices(db, user.id), starStates(db, user.id)]);
  const listed = (type: AssetType) => !params.type || type === params.type;
  // The one being confirmed may be of a type the filter hides: it is quoted with the rest.
  const confirmId = Number(url.searchParams.get("confirmRemove"));
  const toConfirm = favorites.find((row) => row.id === confirmId);
  const listedRows = favorites.filter((row) => listed(row.assetType));
  // Ordered by the date added, the page is known before any quote and only its rows are quoted;
  // the other orders need the quote of every listed favourite.
  const byAdded =
    params.sort === "added"
      ? sortAndPage(
          listedRows.map((row) => ({ row, id: row.id, addedAt: row.addedAt.toISOString() })),
          params,
        )
      : null;
  const toQuote = byAdded ? byAdded.items.map((item) => item.row) : listedRows;
  const quoted = await quoteFavorites(
    marketOf(context),
    logger,
    toConfirm && !toQuote.includes(toConfirm) ? [...toQuote, toConfirm] : toQuote,
    currency,
  );
  const quoteOf = new Map(quoted.map((item) => [item.id, item]));
  const confirmQuote = toConfirm && quoteOf.get(toConfirm.id);
  const linkedTables = toConfirm ? await tablesLinkedTo(db, user.id, toConfirm.id) : [];
  const list = byAdded
    ? { ...byAdded, items: byAdded.items.flatMap((item) => quoteOf.get(item.id) ?? []) }
    : sortAndPage(
        quoted.filter((item) => listed(item.type)),
        params,
      );
  return {
    meta: pageMetaFor(context, "pages.favoriteItems", { ns: "favorites" }),
    params,
    list,
    tables,
    // The tables of the rows shown only: the page's data stays the same size however many favourites there are.
    stars: Object.fromEntries(
      list.items.map((item) => [assetKey(item.type, item.assetId), stars[assetKey(item.type, item.assetId)] ?? []]),
    ),
    confirm:
      toConfirm && confirmQuote
        ? {
            type: toConfirm.assetType,
            assetId: toConfirm.assetId,
            name: confirmQuote.name,
            tables: linkedTables.map((table) => table.title),
            back: safeRedirectPath(url.searchParams.get("redirectTo"), "/user/favorite-items"),
          }
        : null,
  };
}

export const meta = routeMeta;

/** "Add to a record table" from a favourite's row; its refusals answer here. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readFormData(request, context);
  const favoriteId = Number(formData.get("favoriteId"));
  const rawTable = formData.get("tableId");
  const tableId = rawTable ? Number(rawTable) : null;
  if (!Number.isInteger(favoriteId)) throw data(null, { status: 400 });
  const { db, clock } = platformOf(context);
  const result = await addItemToTable(
    db,
    user.id,
    tableId !== null && Number.isInteger(tableId) ? tableId : null,
    favoriteId,
    new Date(clock.now()),
  );
  // A refusal is the form's answer, shown next to it (status 200, like a validation error).
  if (!result.ok) return { favoriteId, error: `refusals.${result.reason}` };
  const url = new URL(request.url);
  return flashRedirect(`${url.pathname}${url.search}`, { kind: "success", messageKey: "favorites:toasts.itemAdded" });
}

export default function FavoriteItems({ loaderData: { params, list, tables, confirm, stars }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("favorites");
  const location = useLocation();
  const hrefWith = (changes: Record<string, string | null>) => {
    const search = new URLSearchParams(location.search);
    search.delete("confirmRemove");
    search.delete("redirectTo");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const sort: SortState<FavoriteSortField> = { sort: params.sort, order: params.order, clears: ["confirmRemove", "redirectTo"] };
  const filters = [
    { type: null, label: t("filters.all") },
    { type: "crypto", label: t("filters.crypto") },
    { type: "stock", label: t("filters.stock") },
  ] as const;

  return (
    <Container size="lg" className="page">
      <Title order={1}>{t(params.type ? `list.heading.${params.type}` : "list.heading.all")}</Title>

      {confirm && (
        <section id="confirm-remove" className="confirm-box" aria-labelledby="confirm-remove-heading" data-testid="confirm-remove">
          <Title order={2} size="h4" id="confirm-remove-heading">
            {t("confirm.question", { name: confirm.name })}
          </Title>
          {confirm.tables.length > 0 && (
            <>
              <p>{t("confirm.tablesWillGo")}</p>
              <ul data-testid="confirm-tables">
                {confirm.tables.map((title) => (
                  <li key={title}>{title}</li>
                ))}
              </ul>
            </>
          )}
          <div className="confirm-box__actions">
            <Form method="post" action="/favorites">
              <input type="hidden" name="assetType" value={confirm.type} />
              <input type="hidden" name="assetId" value={confirm.assetId} />
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="confirmed" value="1" />
              <input type="hidden" name="redirectTo" value={confirm.back} />
              <Button type="submit" variant="destructive">
                {t("confirm.remove")}
              </Button>
            </Form>
            <ButtonLink to={confirm.back} variant="outline">
              {t("confirm.cancel")}
            </ButtonLink>
          </div>
        </section>
      )}

      <nav className="favorites-toolbar" aria-label={t("filters.label")}>
        {filters.map((filter) => (
          <PlainLink
            key={filter.label}
            to={hrefWith({ type: filter.type, page: null })}
            aria-current={(params.type ?? null) === filter.type ? "page" : undefined}
          >
            {filter.label}
          </PlainLink>
        ))}
        <PlainLink to="/user/register-tables">{t("tables.link")}</PlainLink>
      </nav>

      {actionData?.error && (
        <p role="alert" className="form-error" data-testid="refusal">
          {t(actionData.error)}
        </p>
      )}

      {list.total === 0 ? (
        <EmptyState
          testId="favorites-empty"
          icon={<IconStar size={40} />}
          action={
            <Group justify="center" gap="sm">
              <ButtonLink to="/cryptos" variant="outline">
                {t("list.browseCryptos")}
              </ButtonLink>
              <ButtonLink to="/stocks" variant="outline">
                {t("list.browseStocks")}
              </ButtonLink>
            </Group>
          }
        >
          {t("list.empty")}
        </EmptyState>
      ) : (
        <QuoteTable caption={t("list.caption")} className="favorites-table" testId="favorites-table">
          <thead>
            <tr>
              <SortHeader field="name" label={t("columns.name")} state={sort} numeric={false} />
              <th scope="col" className={wideOnly}>
                {t("columns.type")}
              </th>
              <SortHeader field="price" label={t("columns.price")} state={sort} />
              <SortHeader field="change" label={t("columns.change")} state={sort} />
              <SortHeader field="added" label={t("columns.added")} state={sort} numeric={false} firstOrder="desc" className={wideOnly} />
              <th scope="col">
                <span className="visually-hidden">{t("columns.remove")}</span>
              </th>
              <th scope="col" className={wideOnly}>
                {t("columns.addToTable")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.id} data-testid={`favorite-${item.type}-${item.assetId}`}>
                <QuoteCells item={item} />
                <td>
                  <FavoriteStar
                    type={item.type}
                    assetId={item.assetId}
                    name={item.name}
                    linkedTables={stars[assetKey(item.type, item.assetId)] ?? []}
                  />
                </td>
                <td className="favorites-table__add">
                  <AddToTable favoriteId={item.id} name={item.name} tables={tables} />
                </td>
              </tr>
            ))}
          </tbody>
        </QuoteTable>
      )}
      <Pagination page={list.page} perPage={favoritesPerPage} total={list.total} />
    </Container>
  );
}
