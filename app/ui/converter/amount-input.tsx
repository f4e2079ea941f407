import { Input } from "@mantine/core";
import type { KeyboardEvent, Ref } from "react";

import { languageOf } from "~/i18n/languages";
import { useTranslation } from "~/i18n/use-translation";
import { parseAmount, plainAmount, stepAmount } from "~/market/amount";
import { maxConverterAmount } from "~/market/converter";

import { useHydrated } from "../use-hydrated";
import { converterInputLook } from "./currency-picker";

/** The spec's number field: the arrows step by 1, Page Up and Page Down by 10. */
const keySteps: Readonly<Record<string, number>> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

type AmountInputProps = {
  id: string;
  /** As typed, or as the URL has it. */
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  ref: Ref<HTMLInputElement>;
};

/**
 * Without JavaScript a native number field, whose arrows step by 1 and which sends digits and a
 * point. With it, a text field that also takes the visitor's own style ("1.234,56") and steps as a
 * spin button does, Page Up and Page Down included.
 */
export function AmountInput({ id, value, error, onChange, ref }: AmountInputProps) {
  const { i18n } = useTranslation("converter");
  const language = languageOf(i18n.language);
  const hydrated = useHydrated();
  const amount = parseAmount(value, language);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = keySteps[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = stepAmount(value, step, language);
    if (next !== null) onChange(next);
  }

  const shared = {
    ref,
    id,
    name: id,
    autoComplete: "off",
    ...converterInputLook(error),
    onChange: (event: { target: HTMLInputElement }) => onChange(event.target.value),
  };
  if (!hydrated) {
    // What the browser cannot hold as a number (text in the URL) shows empty, beside its error.
    return (
      <Input {...shared} type="number" min={0} step="any" value={typeof amount === "number" ? plainAmount(amount, language) : value} />
    );
  }
  return (
    <Input
      {...shared}
      type="text"
      inputMode="decimal"
      role="spinbutton"
      aria-valuemin={0}
      aria-valuemax={maxConverterAmount}
      aria-valuenow={typeof amount === "number" ? amount : undefined}
      aria-valuetext={value}
      maxLength={40}
      value={value}
      onKeyDown={onKeyDown}
    />
  );
}
