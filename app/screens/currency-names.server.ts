import type { Language } from "~/i18n/languages";
import { resources } from "~/i18n/resources";
import { cryptoAssets, currencyRecords } from "~/market/catalogue";
import { type CurrencyOption, popularCurrencyCodes } from "~/market/converter";

const cryptoIcons = new Map(cryptoAssets.map(({ symbol, icon }) => [symbol.toUpperCase(), icon ?? null]));

/** Intl's name, or undefined where it only echoes the code back (or throws, for 4-letter codes). */
function intlName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    const name = names.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

const popularRank = (code: string) => {
  const rank = popularCurrencyCodes.indexOf(code);
  return rank < 0 ? popularCurrencyCodes.length : rank;
};

/**
 * Our own names (cryptos, and metals named per troy ounce) win over Intl's, which knows every
 * fiat code but no crypto and calls gold just "Ouro".
 */
function buildOptions(language: Language): readonly CurrencyOption[] {
  const ownNames: Readonly<Record<string, string>> = resources[language].converter.currencyNames;
  const displayNames = new Intl.DisplayNames(language, { type: "currency" });
  const collator = new Intl.Collator(language);
  return currencyRecords
    .map(({ code, kind }) => ({
      code,
      kind,
      name: ownNames[code] ?? intlName(displayNames, code) ?? code,
      icon: kind === "crypto" ? (cryptoIcons.get(code) ?? null) : null,
    }))
    .sort((a, b) => popularRank(a.code) - popularRank(b.code) || collator.compare(a.name, b.name));
}

// Built on first use per language: Intl and the collator are too slow to run per request.
const optionsByLanguage = new Map<Language, readonly CurrencyOption[]>();

/** Every currency the converter offers, named in `language`: popular codes first, then by name. */
export function currencyOptions(language: Language): readonly CurrencyOption[] {
  let options = optionsByLanguage.get(language);
  if (!options) {
    options = buildOptions(language);
    optionsByLanguage.set(language, options);
  }
  return options;
}

export const converterCodes: ReadonlySet<string> = new Set(currencyRecords.map(({ code }) => code));

export function currencyName(code: string, language: Language): string | undefined {
  return currencyOptions(language).find((option) => option.code === code)?.name;
}
