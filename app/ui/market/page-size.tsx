import { Group } from "@mantine/core";
import { Form, useLocation, useSubmit } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { pageSizes } from "~/market/list-params";

import { Button } from "../kit/button";
import { Select } from "../kit/input";

/** A GET form: a button submits it without JavaScript; with it, changing the select is enough. */
export function PageSizeForm({ perPage }: { perPage: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "perPage" && name !== "page");
  return (
    <Form method="get" preventScrollReset onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group gap="xs" wrap="nowrap">
        <Select id="page-size" name="perPage" label={t("market.perPage")} labelBeside defaultValue={perPage}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
        <noscript>
          <Button type="submit">{t("market.apply")}</Button>
        </noscript>
      </Group>
    </Form>
  );
}
