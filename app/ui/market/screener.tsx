import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatMoney, numberFormat } from "~/lib/format";
import { screenerRangeFields, type ScreenerSortField, type ScreenerView } from "~/market/screener";
import { stockMarkets, stockTypes } from "~/market/types";

import { Button } from "../kit/button";
import { Select, TextInput } from "../kit/input";
import { Change } from "./change";
import { AssetLink, QuoteTable, wideOnly } from "./quote-table";
import { useSectorLabel } from "./sector";
import { SortHeader, type SortState } from "./sort-header";

import "./screener.css";

/** What the form shows: the query as typed, and an error key per range field ("peMin"…). */
export type ScreenerFormState = {
  input: Record<string, string>;
  errors: Partial<Record<string, string>>;
};

/** A fund's segment is a "screener" key; a company's sector the market's own label. */
function useGroupLabel() {
  const { t } = useTranslation("screener");
  const sectorLabel = useSectorLabel();
  return (sector: string | null, isSegment: boolean) => (sector && isSegment ? t(`segments.${sector}`) : sectorLabel(sector));
}

/**
 * The screener's GET form: the URL is its state, so it works without JavaScript and a result can
 * be shared. The indicator ranges fold away behind their heading unless one is set or wrong.
 */
export function ScreenerForm({
  state: { input, errors },
  sectors,
  segments,
}: {
  state: ScreenerFormState;
  sectors: string[];
  segments: string[];
}) {
  const { t } = useTranslation("screener");
  const { t: tc } = useTranslation();
  const groupLabel = useGroupLabel();
  const hasErrors = Object.keys(errors).length > 0;
  const rangesSet = screenerRangeFields.some((field) => input[`${field}Min`] || input[`${field}Max`]);
  return (
    // Keyed by the query, so that a link to other filters (back, "clear") shows them when JavaScript keeps the page.
    <Form
      key={JSON.stringify(input)}
      method="get"
      action="/screener"
      role="search"
      aria-label={t("form.label")}
      className="screener-form"
      noValidate
    >
      <input type="hidden" name="sort" value={input.sort} />
      <input type="hidden" name="order" value={input.order} />
      {hasErrors && (
        <p role="alert" className="screener-form__alert" data-testid="screener-errors">
          {t("errors.summary")}
        </p>
      )}
      <div className="screener-form__choices">
        <Select id="screener-type" name="type" label={t("form.type")} defaultValue={input.type}>
          <option value="">{t("form.allTypes")}</option>
          {stockTypes.map((type) => (
            <option key={type} value={type}>
              {tc(`market.types.${type}`)}
            </option>
          ))}
        </Select>
        <Select id="screener-market" name="market" label={t("form.market")} defaultValue={input.market}>
          <option value="">{t("form.allMarkets")}</option>
          {stockMarkets.map((market) => (
            <option key={market} value={market}>
              {tc(`market.stocks.markets.${market}`)}
            </option>
          ))}
        </Select>
        <Select id="screener-sector" name="sector" label={t("form.sector")} defaultValue={input.sector}>
          <option value="">{t("form.allSectors")}</option>
          <optgroup label={t("form.sectors")}>
            {sectors.map((sector) => (
              <option key={sector} value={sector}>
                {groupLabel(sector, false)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("form.segments")}>
            {segments.map((segment) => (
              <option key={segment} value={segment}>
                {groupLabel(segment, true)}
              </option>
            ))}
          </optgroup>
        </Select>
      </div>
      <details className="screener-form__ranges" open={rangesSet || hasErrors}>
        <summary>{t("form.ranges")}</summary>
        <p className="screener-form__hint" id="screener-ranges-hint">
          {t("form.rangesHint")}
        </p>
        <div className="screener-form__grid">
          {screenerRangeFields.map((field) => (
            <fieldset key={field} className="screener-range" aria-describedby="screener-ranges-hint">
              <legend>{t(`fields.${field}`)}</legend>
              {(["Min", "Max"] as const).map((end) => {
                const name = `${field}${end}`;
                const error = errors[name];
                return (
                  <TextInput
                    key={name}
                    id={`screener-${name}`}
                    name={name}
                    label={t(end === "Min" ? "form.min" : "form.max")}
                    aria-label={t(end === "Min" ? "form.minOf" : "form.maxOf", { name: t(`fields.${field}`) })}
                    defaultValue={input[name]}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={30}
                    error={error ? t(error) : undefined}
                    aria-invalid={error ? true : undefined}
                    data-testid={`range-${name}`}
                  />
                );
              })}
            </fieldset>
          ))}
        </div>
      </details>
      <Group gap="sm" mt="md">
        <Button type="submit">{t("form.submit")}</Button>
        <Link to="/screener" className="screener-form__clear">
          {t("form.clear")}
        </Link>
      </Group>
    </Form>
  );
}

const numericColumns = ["price", "change", ...screenerRangeFields] as const;

/**
 * The result: every column sorts by its header link. On a phone a row keeps the asset, its price
 * and day change, and the column it is sorted by; the asset's page has the rest.
 */
export function ScreenerTable({ rows, sort }: { rows: ScreenerView[]; sort: SortState<ScreenerSortField> }) {
  const { t, i18n } = useTranslation("screener");
  const { t: tc } = useTranslation();
  const locale = i18n.language;
  const groupLabel = useGroupLabel();
  const phone = (field: ScreenerSortField, always = false) => (always || sort.sort === field ? undefined : wideOnly);
  const twoDecimals = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const ratio = (value: number | null) => (value === null ? "—" : twoDecimals.format(value));
  const percentFormat = numberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = (value: number | null) => (value === null ? "—" : percentFormat.format(value / 100));
  const cells: Record<(typeof numericColumns)[number], (row: ScreenerView) => ReactNode> = {
    price: (row) => formatMoney(row.price, row.currency, locale),
    change: (row) => <Change value={row.change} />,
    pe: (row) => ratio(row.pe),
    pb: (row) => ratio(row.pb),
    dy: (row) => percent(row.dy),
    roe: (row) => percent(row.roe),
    liquidity: (row) => formatCompactMoney(row.liquidity, row.currency, locale),
    marketValue: (row) => formatCompactMoney(row.marketValue, row.currency, locale),
  };
  return (
    <QuoteTable caption={t("table.caption")} className="screener-table" testId="screener-table">
      <thead>
        <tr>
          <SortHeader field="ticker" label={t("columns.ticker")} state={sort} numeric={false} />
          <SortHeader field="type" label={t("columns.type")} state={sort} numeric={false} className={wideOnly} />
          <SortHeader field="sector" label={t("columns.sector")} state={sort} numeric={false} className={wideOnly} />
          {numericColumns.map((field) => (
            <SortHeader
              key={field}
              field={field}
              label={t(`columns.${field}`)}
              state={sort}
              className={phone(field, field === "price" || field === "change")}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ticker} data-ticker={row.ticker}>
            <th scope="row">
              <AssetLink to={`/stocks/${row.ticker}`} image={row.logo} imageLabel={row.ticker} name={row.ticker} detail={row.name} />
            </th>
            <td className={wideOnly}>{tc(`market.types.${row.type}`)}</td>
            <td className={`${wideOnly} screener-table__group`}>{groupLabel(row.sector, row.isSegment)}</td>
            {numericColumns.map((field) => (
              <td
                key={field}
                className={["numeric", phone(field, field === "price" || field === "change")].filter(Boolean).join(" ")}
                data-column={field}
              >
                {cells[field](row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </QuoteTable>
  );
}

/** The CSV link carries the page's query (without its page and page size: the file holds every row). */
export function csvHref(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("perPage");
  const query = params.toString();
  return `/screener.csv${query ? `?${query}` : ""}`;
}
