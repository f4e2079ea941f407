import { IconPlus, IconTablePlus } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useSubmit } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { Button } from "../kit/button";
import { Select } from "../kit/input";
import { PlainLink } from "../kit/plain-link";

type AddToTableProps = {
  favoriteId: number;
  name: string;
  tables: { id: number; title: string }[];
};

/**
 * A favourite's "add to a record table" control: the user's tables and a button, or, before the
 * first table exists, a link to the form that creates one (adding would only be refused).
 */
export function AddToTable({ favoriteId, name, tables }: AddToTableProps) {
  const { t } = useTranslation("favorites");
  const submit = useSubmit();
  if (tables.length === 0) {
    return (
      <PlainLink to="/user/register-tables#create-table-heading" className="add-to-table__create" data-testid="add-to-table-create">
        <IconTablePlus size={18} aria-hidden />
        <span>{t("tables.create")}</span>
      </PlainLink>
    );
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget, { method: "post", preventScrollReset: true });
  }

  return (
    // A plain form posting to this page, as React Router's Form would without its resolved action
    // per row: a favourites page renders one per row, and the submit always goes through onSubmit.
    <form method="post" className="add-to-table" onSubmit={onSubmit}>
      <input type="hidden" name="favoriteId" value={favoriteId} />
      <Select name="tableId" aria-label={t("addToTable.select", { name })} className="add-to-table__select">
        {tables.map((table) => (
          <option key={table.id} value={table.id}>
            {table.title}
          </option>
        ))}
      </Select>
      <Button
        type="submit"
        variant="outline"
        className="compact-action"
        aria-label={t("addToTable.addLabel", { name })}
        leftSection={<IconPlus size={16} aria-hidden />}
      >
        <span className="compact-action__text">{t("addToTable.add")}</span>
      </Button>
    </form>
  );
}
