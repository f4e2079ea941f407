import { Container, Text, Title } from "@mantine/core";
import { IconArrowsLeftRight, IconLoader2 } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";

import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import { marketOf } from "~/market/context.server";
import { converterHref, type ConverterInput, converterPath, maxConverterAmount } from "~/market/converter";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { conversionOf, readConverterQuery } from "~/screens/currency-converter.server";
import { currencyOptions } from "~/screens/currency-names.server";
import { AmountInput } from "~/ui/converter/amount-input";
import { ConverterField, CurrencyPicker } from "~/ui/converter/currency-picker";
import { CurrencySymbol } from "~/ui/converter/currency-symbol";
import { Button } from "~/ui/kit/button";
import { withTooltip } from "~/ui/kit/tooltip";
import { DemoNotice } from "~/ui/market/demo-notice";
import { LocalTime } from "~/ui/market/local-time";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/currency-converter";

import "~/ui/converter/converter.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageOf(getLocale(context));
  const { input, query, errors } = readConverterQuery(new URL(request.url).searchParams, language);
  const rates = await orUnavailable(platformOf(context).logger, marketOf(context).rates());
  return {
    meta: pageMetaFor(context, "page", { ns: "converter" }),
    input,
    errors,
    currencies: currencyOptions(language),
    rates: rates && { source: rates.source, stale: rates.stale, timestamp: rates.data.timestamp },
    conversion: rates && query && conversionOf(query, rates.data, language),
  };
}

export const meta = routeMeta;

/** Typing converts after the same pause as search, without a history entry per keystroke. */
const amountDebounceMs = 500;

export default function CurrencyConverter({ loaderData }: Route.ComponentProps) {
  const { input, errors, currencies, rates, conversion } = loaderData;
  const { t, i18n } = useTranslation("converter");
  const submit = useSubmit();
  const navigation = useNavigation();
  const amountRef = useRef<HTMLInputElement>(null);
  const pendingAmount = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [amount, setAmount] = useState(input.amount);
  const [pair, setPair] = useState({ from: input.from, to: input.to });

  // New URL state (back, swap, a shared link) shows in the form, but never overwrites what is being typed.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- which field has focus is known only once the page is in the DOM.
    setPair({ from: input.from, to: input.to });
    if (document.activeElement !== amountRef.current) setAmount(input.amount);
  }, [input]);
  useEffect(() => () => clearTimeout(pendingAmount.current), []);

  function convert(next: ConverterInput, replace = false) {
    clearTimeout(pendingAmount.current);
    void submit(next, { method: "get", action: converterPath, preventScrollReset: true, replace });
  }

  const converting = navigation.state === "loading" && navigation.location.pathname === converterPath;
  /** The result's currency, its symbol beside its name. */
  const named = (code: string) => {
    const option = currencies.find((candidate) => candidate.code === code);
    return option ? (
      <span className="conversion__currency">
        <CurrencySymbol option={option} />
        {option.name}
      </span>
    ) : (
      code
    );
  };
  const errorText = (key: string | undefined) => key && t(key, { max: formatNumber(maxConverterAmount, i18n.language) });
  const hasErrors = Object.keys(errors).length > 0;
  const currencyPicker = (side: "from" | "to") => (
    <CurrencyPicker
      id={side}
      name={side}
      label={t(side === "from" ? "form.from" : "form.to")}
      value={pair[side]}
      options={currencies}
      error={errorText(errors[side])}
      onPick={(code) => {
        const next = { ...pair, [side]: code };
        setPair(next);
        convert({ amount, ...next });
      }}
    />
  );

  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("page.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("page.intro")}
      </Text>
      <DemoNotice sources={rates ? [rates.source] : []} stale={rates?.stale} />
      <Form
        method="get"
        action={converterPath}
        preventScrollReset
        className="converter"
        aria-label={t("form.label")}
        onSubmit={() => clearTimeout(pendingAmount.current)}
      >
        <ConverterField id="amount" label={t("form.amount")} error={errorText(errors.amount)}>
          <AmountInput
            ref={amountRef}
            id="amount"
            value={amount}
            error={errors.amount}
            onChange={(text) => {
              setAmount(text);
              clearTimeout(pendingAmount.current);
              if (text.trim()) {
                pendingAmount.current = setTimeout(() => convert({ amount: text, ...pair }, true), amountDebounceMs);
              }
            }}
          />
        </ConverterField>
        {currencyPicker("from")}
        <Link
          to={converterHref({ amount, from: pair.to, to: pair.from })}
          preventScrollReset
          className="converter__swap"
          aria-label={t("form.swap")}
          {...withTooltip(t("form.swap"))}
          data-testid="converter-swap"
          onClick={() => {
            clearTimeout(pendingAmount.current);
            setPair({ from: pair.to, to: pair.from });
          }}
        >
          <IconArrowsLeftRight size={20} aria-hidden />
        </Link>
        {currencyPicker("to")}
        <Button type="submit" className="converter__submit">
          {t("form.submit")}
        </Button>
      </Form>

      <section className="conversion" aria-labelledby="conversion-heading" aria-busy={converting || undefined} data-testid="conversion">
        <h2 id="conversion-heading" className="visually-hidden">
          {t("result.heading")}
        </h2>
        <div aria-live="polite">
          {converting && (
            <p className="conversion__status" data-testid="converting">
              <IconLoader2 size={18} aria-hidden className="conversion__spinner" />
              {t("result.converting")}
            </p>
          )}
          {!rates ? (
            <Unavailable />
          ) : conversion ? (
            <div className="conversion__body">
              <p className="conversion__names">
                {named(input.from)} → {named(input.to)}
              </p>
              <p className="conversion__result" data-testid="conversion-result">
                <span className="conversion__from">{`${conversion.amount} ${input.from} =`}</span>{" "}
                <strong className="conversion__to">{`${conversion.value} ${input.to}`}</strong>
              </p>
              <ul className="conversion__rates" data-testid="conversion-rates">
                <li>{t("result.rate", { from: input.from, rate: conversion.rate, to: input.to })}</li>
                <li>{t("result.rate", { from: input.to, rate: conversion.inverseRate, to: input.from })}</li>
              </ul>
              <p className="conversion__time">
                {t("result.asOf")} <LocalTime seconds={rates.timestamp} locale={i18n.language} />
              </p>
            </div>
          ) : (
            !hasErrors && <p className="conversion__empty">{t("result.noRate")}</p>
          )}
        </div>
      </section>
    </Container>
  );
}
