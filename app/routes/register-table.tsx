import { Container, Group, Title } from "@mantine/core";
import { IconArrowLeft, IconDownload, IconPencil, IconTable, IconTrash } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { data, Form, Link } from "react-router";

import { listFavorites } from "~/favorites/favorites.server";
import { quoteFavorites } from "~/favorites/quotes.server";
import { recordTableSchema } from "~/favorites/schemas";
import { requireOwnTable } from "~/favorites/table-page.server";
import { addItemToTable, deleteTable, removeItemFromTable, tableItems, updateTable } from "~/favorites/tables.server";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { parseIntent, readFormData } from "~/platform/http.server";
import { QuoteCells } from "~/ui/favorites/quote-cells";
import { TableForm } from "~/ui/favorites/table-form";
import { Button, ButtonLink } from "~/ui/kit/button";
import { EmptyState } from "~/ui/kit/empty-state";
import { Select } from "~/ui/kit/input";
import { LocalTime } from "~/ui/market/local-time";
import { QuoteTable, wideOnly } from "~/ui/market/quote-table";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/register-table";

import "~/ui/favorites/favorites.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, table } = await requireOwnTable(context, request, params.id);
  const { db, logger } = platformOf(context);
  const language = languageOf(getLocale(context));
  const currency = readCryptoCurrency(request.headers.get("Cookie"), language);
  const [rows, favorites] = await Promise.all([tableItems(db, table.id), listFavorites(db, user.id)]);
  // Every item of the table is one of the user's favourites: quoting those covers both lists.
  const candidates = await quoteFavorites(marketOf(context), logger, favorites, currency);
  const quotes = new Map(candidates.map((item) => [item.id, item]));
  const items = rows.flatMap((row) => quotes.get(row.favorite.id) ?? []);
  const inTable = new Set(items.map((item) => item.id));
  const meta = pageMetaFor(context, "pages.registerTable", { ns: "favorites" });
  return {
    meta: { ...meta, title: `${table.title} · ${meta.title}` },
    // The breadcrumb's last crumb: the table's title rather than its id.
    crumb: table.title,
    table: {
      id: table.id,
      title: table.title,
      description: table.description,
      createdAt: Math.floor(table.createdAt.getTime() / 1000),
    },
    items,
    favorites: candidates.map((item) => ({ id: item.id, label: `${item.name} (${item.symbol})`, inTable: inTable.has(item.id) })),
    editing: new URL(request.url).searchParams.has("edit"),
  };
}

export const meta = routeMeta;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, table } = await requireOwnTable(context, request, params.id);
  const { db, clock } = platformOf(context);
  const formData = await readFormData(request, context);
  const intent = parseIntent(formData, ["update", "delete", "addItem", "removeItem"], context);
  const here = `/user/register-tables/${table.id}`;
  switch (intent) {
    case "update": {
      const submission = parseFormSubmission(formData, recordTableSchema);
      if (submission.status !== "success") return { result: submission.reply(), error: null };
      await updateTable(db, user.id, table.id, submission.value);
      return flashRedirect(here, { kind: "success", messageKey: "favorites:toasts.tableUpdated" });
    }
    case "delete":
      await deleteTable(db, user.id, table.id);
      return flashRedirect("/user/register-tables", { kind: "success", messageKey: "favorites:toasts.tableDeleted" });
    case "addItem": {
      const favoriteId = Number(formData.get("favoriteId"));
      if (!Number.isInteger(favoriteId)) throw data(null, { status: 400 });
      const added = await addItemToTable(db, user.id, table.id, favoriteId, new Date(clock.now()));
      if (!added.ok) return { result: undefined, error: `refusals.${added.reason}` };
      return flashRedirect(here, { kind: "success", messageKey: "favorites:toasts.itemAdded" });
    }
    case "removeItem": {
      const favoriteId = Number(formData.get("favoriteId"));
      if (!Number.isInteger(favoriteId)) throw data(null, { status: 400 });
      await removeItemFromTable(db, user.id, table.id, favoriteId);
      return flashRedirect(here, { kind: "success", messageKey: "favorites:toasts.itemRemoved" });
    }
  }
}

export default function RegisterTable({ loaderData: { table, items, favorites, editing }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("favorites");
  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(t("tables.confirmDelete", { title: table.title }))) event.preventDefault();
  };
  return (
    <Container size="lg" className="page">
      <Link to="/user/register-tables" className="back-link">
        <IconArrowLeft size={16} aria-hidden />
        {t("tables.back")}
      </Link>
      <header className="record-table-header">
        <div className="record-table-header__text">
          <Title order={1} data-testid="table-title">
            {table.title}
          </Title>
          {table.description && <p data-testid="table-description">{table.description}</p>}
          <p className="record-table-meta">
            <span>{t("tables.itemCount", { count: items.length })}</span>
            <span>
              {t("tables.createdOn")} <LocalTime seconds={table.createdAt} locale={i18n.language} options={{ dateStyle: "medium" }} />
            </span>
          </p>
        </div>
        <div className="record-table-toolbar" role="group" aria-label={t("tables.actions")} data-testid="table-toolbar">
          <ButtonLink
            href={`/user/register-tables/${table.id}/csv`}
            variant="outline"
            download
            data-testid="csv-link"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t("tables.exportCsv")}
          </ButtonLink>
          {!editing && (
            <ButtonLink to="?edit" variant="outline" leftSection={<IconPencil size={18} aria-hidden />}>
              {t("tables.edit")}
            </ButtonLink>
          )}
          <Form method="post" onSubmit={confirmDelete}>
            <input type="hidden" name="intent" value="delete" />
            <Button
              type="submit"
              variant="outline"
              className="record-table-toolbar__delete"
              leftSection={<IconTrash size={18} aria-hidden />}
            >
              {t("tables.delete")}
            </Button>
          </Form>
        </div>
      </header>

      {(editing || actionData?.result) && (
        <section aria-labelledby="edit-table-heading" className="page-section">
          <Title order={2} size="h3" id="edit-table-heading">
            {t("tables.editHeading")}
          </Title>
          <TableForm
            id="edit-table"
            intent="update"
            lastResult={actionData?.result}
            defaultValue={{ title: table.title, description: table.description }}
            submitLabel={t("tables.save")}
          />
        </section>
      )}

      <section aria-labelledby="items-heading" className="page-section">
        <Title order={2} size="h3" id="items-heading">
          {t("tables.itemsHeading")}
        </Title>
        {actionData?.error && (
          <p role="alert" className="form-error" data-testid="refusal">
            {t(actionData.error)}
          </p>
        )}
        {favorites.length === 0 ? (
          <p>
            {t("tables.noFavorites")} <Link to="/cryptos">{t("tables.browse")}</Link>
          </p>
        ) : (
          <Form method="post" className="add-item-form">
            <input type="hidden" name="intent" value="addItem" />
            <Group align="flex-end" gap="sm" mt="md">
              <Select
                id="add-item-select"
                name="favoriteId"
                label={t("tables.addItemLabel")}
                data-testid="add-item-select"
                className="add-item-form__select"
              >
                {favorites.map((favorite) => (
                  <option key={favorite.id} value={favorite.id}>
                    {favorite.inTable ? `${favorite.label} ✓` : favorite.label}
                  </option>
                ))}
              </Select>
              <Button type="submit">{t("tables.addItem")}</Button>
            </Group>
          </Form>
        )}
        {items.length === 0 ? (
          <EmptyState testId="table-empty" icon={<IconTable size={40} />}>
            {t("tables.noItems")}
          </EmptyState>
        ) : (
          <QuoteTable caption={t("tables.itemsCaption", { title: table.title })} testId="table-items">
            <thead>
              <tr>
                <th scope="col">{t("columns.name")}</th>
                <th scope="col" className={wideOnly}>
                  {t("columns.type")}
                </th>
                <th scope="col" className="numeric">
                  {t("columns.price")}
                </th>
                <th scope="col" className="numeric">
                  {t("columns.change")}
                </th>
                <th scope="col" className={wideOnly}>
                  {t("columns.added")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t("columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`item-${item.type}-${item.assetId}`}>
                  <QuoteCells item={item} />
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="removeItem" />
                      <input type="hidden" name="favoriteId" value={item.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        className="compact-action"
                        aria-label={t("tables.removeItemLabel", { name: item.name })}
                        leftSection={<IconTrash size={16} aria-hidden />}
                      >
                        <span className="compact-action__text">{t("tables.removeItem")}</span>
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </QuoteTable>
        )}
      </section>
    </Container>
  );
}
