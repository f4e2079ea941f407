import { Input } from "@mantine/core";
import { IconChevronDown, IconSelector } from "@tabler/icons-react";
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import { useTranslation } from "~/i18n/use-translation";
import { type CurrencyOption, popularCurrencyCodes } from "~/market/converter";

import { InputFrame } from "../kit/input";
import { useHydrated } from "../use-hydrated";
import { CurrencySymbol } from "./currency-symbol";

type FieldProps = { id: string; label: string; error: string | undefined; hint?: string; children: ReactNode };

const optionIdOf = (id: string, code: string) => `${id}-option-${code}`;

/**
 * A converter control in the kit's frame: its label above, its error below and its hint (for screen
 * readers only), which the frame gives the control as its id, aria-invalid and aria-describedby.
 */
export function ConverterField({ id, label, error, hint, children }: FieldProps) {
  return (
    <InputFrame
      id={id}
      label={label}
      error={error}
      description={hint}
      descriptionProps={{ className: "visually-hidden" }}
      className="converter-field"
    >
      {children}
    </InputFrame>
  );
}

/** Mantine's input as the kit draws it, a touch target high; a spin button or a combobox by the ARIA it is given. */
export const converterInputLook = (error: string | undefined) =>
  ({ size: "md", error: Boolean(error), classNames: { input: "converter-control" } }) as const;

type PickerProps = {
  id: string;
  name: "from" | "to";
  label: string;
  /** The code in the URL; possibly one we do not know, which `error` then reports. */
  value: string;
  options: readonly CurrencyOption[];
  error: string | undefined;
  onPick: (code: string) => void;
};

/** A native select without JavaScript (the form still works); a searchable combobox with it. */
export function CurrencyPicker(props: PickerProps) {
  return useHydrated() ? <CurrencyCombobox {...props} /> : <CurrencySelect {...props} />;
}

function CurrencySelect({ id, name, label, value, options, error }: PickerProps) {
  const { t } = useTranslation("converter");
  const popular = options.filter(({ code }) => popularCurrencyCodes.includes(code));
  const others = options.filter(({ code }) => !popularCurrencyCodes.includes(code));
  const selected = options.find(({ code }) => code === value);
  const optionElement = ({ code, name: currencyName }: CurrencyOption) => (
    <option key={code} value={code} data-chosen={code === value || undefined}>
      {`${code} — ${currencyName}`}
    </option>
  );
  return (
    <ConverterField id={id} label={label} error={error}>
      <Input
        component="select"
        id={id}
        name={name}
        defaultValue={value}
        {...converterInputLook(error)}
        className="currency-select"
        // The chosen currency's symbol, which CSS hides once another option is selected (it would be wrong until the form is sent).
        leftSection={selected && <CurrencySymbol option={selected} />}
        leftSectionProps={{ className: "currency-select__symbol" }}
        rightSection={<IconSelector size={16} aria-hidden />}
        pointer
      >
        {/* An unknown code stays chosen, so the error beside it makes sense. */}
        {!selected && <option value={value}>{value}</option>}
        <optgroup label={t("form.popular")}>{popular.map(optionElement)}</optgroup>
        <optgroup label={t("form.allCurrencies")}>{others.map(optionElement)}</optgroup>
      </Input>
    </ConverterField>
  );
}

/** Case- and accent-insensitive, so "dolar" finds "Dólar americano". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Exact code first, then codes, then names that start with the text, then names that contain it. */
function matchCurrencies(options: readonly CurrencyOption[], query: string): readonly CurrencyOption[] {
  const needle = fold(query.trim());
  if (!needle) return options;
  const rankOf = ({ code, name }: CurrencyOption) => {
    const folded = fold(name);
    const lowerCode = code.toLowerCase();
    if (lowerCode === needle) return 0;
    if (lowerCode.startsWith(needle)) return 1;
    if (folded.startsWith(needle) || folded.includes(` ${needle}`)) return 2;
    return folded.includes(needle) ? 3 : -1;
  };
  return options
    .map((option) => ({ option, rank: rankOf(option) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map(({ option }) => option);
}

/**
 * The ARIA 1.2 combobox pattern: focus stays in the text field, arrow keys move the active
 * option, Enter chooses it, Escape closes and restores the chosen currency's name. The code
 * travels in a hidden input, so the form's plain GET still carries it.
 */
function CurrencyCombobox({ id, name, label, value, options, error, onPick }: PickerProps) {
  const { t } = useTranslation("converter");
  const inputRef = useRef<HTMLInputElement>(null);
  /** Set on choosing: the field then shows the choice selected, so typing starts a new search. */
  const selectAfterRender = useRef(false);
  const [open, setOpen] = useState(false);
  /** What the visitor typed since opening the list; the closed field shows the chosen currency. */
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const selected = options.find(({ code }) => code === value);
  const matches = useMemo(() => matchCurrencies(options, query), [options, query]);
  const chosenLabel = selected ? `${selected.name} (${selected.code})` : value;
  const active = open ? matches[activeIndex] : undefined;
  const listboxId = `${id}-listbox`;

  useLayoutEffect(() => {
    if (!selectAfterRender.current) return;
    selectAfterRender.current = false;
    inputRef.current?.select();
  });

  useEffect(() => {
    if (active) document.getElementById(optionIdOf(id, active.code))?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  /** Opens on an empty search, the chosen currency active and shown as the placeholder. */
  function openList() {
    setOpen(true);
    setQuery("");
    setActiveIndex(Math.max(0, selected ? options.indexOf(selected) : 0));
  }

  function close() {
    setOpen(false);
    setQuery("");
  }

  function pick(option: CurrencyOption) {
    close();
    selectAfterRender.current = true;
    if (option.code !== value) onPick(option.code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      if (matches.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === "Enter" && open) {
      // Chooses instead of submitting; a closed picker lets Enter submit the form.
      event.preventDefault();
      if (active) pick(active);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
      selectAfterRender.current = true;
    }
  }

  const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

  return (
    <ConverterField id={id} label={label} error={error} hint={t("form.searchHint")}>
      <div className="currency-combobox" data-open={open || undefined}>
        <Input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          {...converterInputLook(error)}
          leftSection={selected && <CurrencySymbol option={selected} />}
          rightSection={
            <button
              type="button"
              tabIndex={-1}
              className="currency-combobox__toggle"
              aria-label={t("form.showCurrencies")}
              onMouseDown={keepFocus}
              onClick={() => {
                inputRef.current?.focus();
                if (open) close();
                else openList();
              }}
            >
              <IconChevronDown size={18} aria-hidden />
            </button>
          }
          rightSectionPointerEvents="all"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open && matches.length > 0 ? listboxId : undefined}
          aria-activedescendant={active ? optionIdOf(id, active.code) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={open ? query : chosenLabel}
          placeholder={chosenLabel}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => !open && openList()}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <input type="hidden" name={name} value={value} />
        {open && (
          // Pressing inside the list (its scroll bar too) must not blur the field, which would close it.
          // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keeps focus in the field; the popup itself is not a control.
          <div className="currency-combobox__popup" onMouseDown={keepFocus}>
            {matches.length > 0 ? (
              <ul id={listboxId} role="listbox" aria-label={label} className="currency-combobox__options">
                {matches.map((option, index) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the field keeps focus and moves through the options with the arrow keys (aria-activedescendant).
                  <li
                    key={option.code}
                    id={optionIdOf(id, option.code)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className="currency-option"
                    data-chosen={option.code === value || undefined}
                    onClick={() => pick(option)}
                    onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                  >
                    <CurrencySymbol option={option} />
                    <span className="currency-option__name">{option.name}</span>
                    <span className="currency-option__code">{option.code}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status" className="currency-combobox__empty">
                {t("errors.noCurrencyFound")}
              </p>
            )}
          </div>
        )}
      </div>
    </ConverterField>
  );
}
