import { Container, Title } from "@mantine/core";
import { IconCalendar, IconListDetails, IconTablePlus } from "@tabler/icons-react";
import { Link } from "react-router";

import { requireUser } from "~/account/current-user";
import { recordTableSchema } from "~/favorites/schemas";
import { createTable, listTables } from "~/favorites/tables.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData } from "~/platform/http.server";
import { TableForm } from "~/ui/favorites/table-form";
import { ButtonLink } from "~/ui/kit/button";
import { EmptyState } from "~/ui/kit/empty-state";
import { LocalTime } from "~/ui/market/local-time";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/register-tables";

import "~/ui/favorites/favorites.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const tables = await listTables(platformOf(context).db, user.id);
  return {
    meta: pageMetaFor(context, "pages.registerTables", { ns: "favorites" }),
    tables: tables.map((table) => ({
      id: table.id,
      title: table.title,
      description: table.description,
      createdAt: Math.floor(table.createdAt.getTime() / 1000),
      itemCount: table.itemCount,
    })),
  };
}

export const meta = routeMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const submission = parseFormSubmission(await readFormData(request, context), recordTableSchema);
  if (submission.status !== "success") return { result: submission.reply() };
  const { db, clock } = platformOf(context);
  const table = await createTable(db, user.id, submission.value, new Date(clock.now()));
  return flashRedirect(`/user/register-tables/${table.id}`, { kind: "success", messageKey: "favorites:toasts.tableCreated" });
}

export default function RegisterTables({ loaderData: { tables }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("favorites");
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("tables.heading")}</Title>
      <p>
        <Link to="/user/favorite-items">{t("tables.favoritesLink")}</Link>
      </p>
      <div className="record-tables-layout">
        {tables.length === 0 ? (
          <EmptyState
            className="record-tables-empty"
            testId="tables-empty"
            icon={<IconTablePlus size={40} />}
            title={t("tables.empty")}
            action={<ButtonLink href="#create-table-heading">{t("tables.createFirst")}</ButtonLink>}
          >
            {t("tables.emptyHint")}
          </EmptyState>
        ) : (
          <ul className="record-table-list" data-testid="tables-list">
            {tables.map((table) => (
              <li key={table.id} className="record-table-card">
                <h2 className="record-table-card__title">
                  <Link to={`/user/register-tables/${table.id}`} className="record-table-card__link">
                    {table.title}
                  </Link>
                </h2>
                {table.description && <p className="record-table-card__description">{table.description}</p>}
                <p className="record-table-meta">
                  <span>
                    <IconListDetails size={16} aria-hidden />
                    {t("tables.itemCount", { count: table.itemCount })}
                  </span>
                  <span>
                    <IconCalendar size={16} aria-hidden />
                    <span>
                      {t("tables.createdOn")}{" "}
                      <LocalTime seconds={table.createdAt} locale={i18n.language} options={{ dateStyle: "medium" }} />
                    </span>
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="create-table-heading" className="record-tables-create">
          <Title order={2} size="h3" id="create-table-heading">
            {t("tables.createHeading")}
          </Title>
          <TableForm id="create-table" intent="create" lastResult={actionData?.result} submitLabel={t("tables.create")} />
        </section>
      </div>
    </Container>
  );
}
