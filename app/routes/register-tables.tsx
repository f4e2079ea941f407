import { Container, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { flashRedirect } from "~/platform/flash.server";
import { requireUser } from "~/account/current-user";
import { recordTableSchema } from "~/favorites/schemas";
import { createTable, listTables } from "~/favorites/tables.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { platformOf } from "~/platform/context.server";
import { TableForm } from "~/ui/favorites/table-form";
import { LocalTime } from "~/ui/market/local-time";
import { routeMeta } from "~/ui/meta";
import { readFormData } from "~/platform/http.server";
import type { Route } from "./+types/register-tables";
import { parseFormSubmission } from "~/platform/forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const tables = await listTables(platformOf(context).db, user.id);
  return {
    meta: pageMetaFor(context, "pages.registerTables", { ns: "favorites", noindex: true }),
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
      {tables.length === 0 ? (
        <p data-testid="tables-empty">{t("tables.empty")}</p>
      ) : (
        <ul className="record-table-list" data-testid="tables-list">
          {tables.map((table) => (
            <li key={table.id}>
              <Link to={`/user/register-tables/${table.id}`}>
                <strong>{table.title}</strong>
              </Link>
              {table.description && <p>{table.description}</p>}
              <p className="muted">
                {t("tables.itemCount", { n: table.itemCount })} ·{" "}
                <LocalTime seconds={table.createdAt} locale={i18n.language} options={{ dateStyle: "medium" }} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="create-table-heading" className="page-section">
        <Title order={2} size="h3" id="create-table-heading">
          {t("tables.createHeading")}
        </Title>
        <TableForm id="create-table" intent="create" lastResult={actionData?.result} submitLabel={t("tables.create")} />
      </section>
    </Container>
  );
}
