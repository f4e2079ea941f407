import { useFetcher, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { cryptoCurrencies, type CryptoCurrency } from "~/market/crypto-currency";

import { withTooltip } from "../kit/tooltip";

import "./currency-switcher.css";

/**
 * The currency crypto prices are shown in. A real form: without JavaScript it posts to /currency
 * and comes back to the same page; with it, the page's data reloads in place.
 */
export function CurrencySwitcher({ currency }: { currency: CryptoCurrency }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "crypto-currency" });
  const location = useLocation();
  const pending = fetcher.formData?.get("currency");
  const shown = typeof pending === "string" ? pending : currency;
  return (
    <fetcher.Form method="post" action="/currency" className="currency-switcher" aria-label={t("market.currency.label")}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <span className="currency-switcher__label" aria-hidden>
        {t("market.currency.short")}
      </span>
      {cryptoCurrencies.map((option) => (
        <button
          key={option}
          type="submit"
          name="currency"
          value={option}
          aria-pressed={shown === option}
          {...withTooltip(t(`market.currency.names.${option}`))}
          aria-label={t(`market.currency.names.${option}`)}
          data-testid={`currency-${option}`}
        >
          {t(`market.currency.symbols.${option}`)}
        </button>
      ))}
    </fetcher.Form>
  );
}
