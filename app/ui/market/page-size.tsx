import { useTranslation } from "~/i18n/use-translation";
import { Form, useLocation, useSubmit } from "react-router";
import { pageSizes } from "~/market/list-params";
import { Button } from "../kit/button";

/** A GET form: a button submits it without JavaScript; with it, changing the select is enough. */
export function PageSizeForm({ perPage }: { perPage: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "perPage" && name !== "page");
  return (
    <Form
      method="get"
      className="page-size"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="page-size">{t("market.perPage")}</label>
      <select id="page-size" name="perPage" defaultValue={perPage}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit">{t("market.apply")}</Button>
      </noscript>
    </Form>
  );
}
