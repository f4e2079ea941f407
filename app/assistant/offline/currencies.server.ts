/**
 * Reads a conversion out of a question: the amount, written the Brazilian/Spanish way ("1.234,56")
 * or the English way ("1,234.56"), and the currencies, by code, symbol or name in three languages.
 */
import { type Language, supportedLanguages } from "~/i18n/languages";
import { fold } from "~/lib/text";
import type { Catalogue } from "~/market/catalogue";
import type { CurrencyKind } from "~/market/types";

import { readsAsCode } from "./assets.server";
import { casingCounts, type Token, tokenize } from "./words.server";

export type Mention = { code: string; start: number; end: number };

/** Finds the currencies a question names, with indexes built once from the catalogue it was given. */
export type CurrencyFinder = {
  /** Every currency the question mentions, in the order written (repeats included). */
  findCurrencies: (text: string) => Mention[];
  currencyKind: (code: string) => CurrencyKind | undefined;
};

/** Names people use that the locale data lacks (plurals alone, metals, coins). */
const handwrittenNames: Record<string, string[]> = {
  USD: ["dolar", "dolares", "dollar", "dollars", "dolar americano", "dolares americanos"],
  BRL: ["real", "reais", "reales", "real brasileiro", "reais brasileiros"],
  EUR: ["euro", "euros"],
  GBP: ["libra", "libras", "pound", "pounds", "esterlina", "esterlinas"],
  JPY: ["iene", "ienes", "yen", "yenes"],
  CNY: ["yuan", "yuans", "renminbi"],
  XAU: ["ouro", "gold", "oro"],
  XAG: ["prata", "silver", "plata"],
  XPT: ["platina", "platinum", "platino"],
  XPD: ["paladio", "palladium"],
  BTC: ["bitcoins"],
  ETH: ["ether", "ethers"],
};

/** Singular and plural names of each fiat and metal in the three languages: "pesos mexicanos", "Swiss francs". */
function localeNames(code: string): string[] {
  return supportedLanguages.flatMap((language) =>
    [1, 2].flatMap((count) => {
      const format = new Intl.NumberFormat(language, { style: "currency", currency: code, currencyDisplay: "name" });
      const name = format.formatToParts(count).find((part) => part.type === "currency")?.value;
      // Intl echoes codes it has no name for.
      return name && fold(name) !== fold(code) ? [fold(name)] : [];
    }),
  );
}

/** The coins of the rate table go by their catalog names too: "solana", "cardano". */
function coinNames(code: string, cryptoAssets: Catalogue["cryptoAssets"]): string[] {
  return cryptoAssets.filter((coin) => coin.symbol.toUpperCase() === code).map((coin) => fold(coin.name));
}

type NameEntry = { words: string[]; code: string };

/** Every name of the catalogue's currencies, by its first folded word. */
function namesByFirstWordOf({
  currencyRecords,
  cryptoAssets,
}: Pick<Catalogue, "currencyRecords" | "cryptoAssets">): Map<string, NameEntry[]> {
  const namesByFirstWord = new Map<string, NameEntry[]>();
  for (const { code, kind } of currencyRecords) {
    const names = [...(handwrittenNames[code] ?? []), ...(kind === "crypto" ? coinNames(code, cryptoAssets) : localeNames(code))];
    for (const name of new Set(names)) {
      const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      const [first] = words;
      if (first) namesByFirstWord.set(first, [...(namesByFirstWord.get(first) ?? []), { words, code }]);
    }
  }
  return namesByFirstWord;
}

const symbols: { pattern: RegExp; code: string }[] = [
  { pattern: /R\$/g, code: "BRL" },
  { pattern: /US\$/g, code: "USD" },
  { pattern: /(?<![\p{L}])\$/gu, code: "USD" },
  { pattern: /€/g, code: "EUR" },
  { pattern: /£/g, code: "GBP" },
  { pattern: /¥/g, code: "JPY" },
];

/** Indexes the catalogue's currency codes and names once; each question then only looks them up. */
export function createCurrencyFinder(catalogue: Pick<Catalogue, "currencyRecords" | "cryptoAssets">): CurrencyFinder {
  const kindByCode = new Map<string, CurrencyKind>(catalogue.currencyRecords.map(({ code, kind }) => [code, kind]));
  const namesByFirstWord = namesByFirstWordOf(catalogue);

  function nameAt(tokens: Token[], index: number): { code: string; length: number } | undefined {
    const first = tokens[index];
    let best: { code: string; length: number } | undefined;
    for (const { words, code } of (first && namesByFirstWord.get(first.folded)) ?? []) {
      const fits = words.every((word, offset) => tokens[index + offset]?.folded === word);
      if (fits && words.length > (best?.length ?? 0)) best = { code, length: words.length };
    }
    return best;
  }

  return {
    findCurrencies: (text) => {
      const tokens = tokenize(text);
      const casing = casingCounts(text);
      const mentions: Mention[] = [];
      for (let index = 0; index < tokens.length;) {
        const token = tokens[index];
        const named = nameAt(tokens, index);
        const code = token?.text.toUpperCase();
        if (named) {
          const last = tokens[index + named.length - 1];
          if (token && last) mentions.push({ code: named.code, start: token.start, end: last.end });
        } else if (token && code && kindByCode.has(code) && readsAsCode(token, casing)) {
          mentions.push({ code, start: token.start, end: token.end });
        }
        index += named?.length ?? 1;
      }
      for (const { pattern, code } of symbols) {
        for (const match of text.matchAll(pattern)) mentions.push({ code, start: match.index, end: match.index + match[0].length });
      }
      return mentions.sort((a, b) => a.start - b.start);
    },
    currencyKind: (code) => kindByCode.get(code),
  };
}

export type Amount = { value: number; start: number; end: number };

/**
 * The first number that is not part of a word ("PETR4", "24h"), in either writing convention.
 */
export function findAmount(text: string, language: Language): Amount | null {
  const match = /(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)*(?![\p{L}\p{N}]|[.,]\d)/u.exec(text);
  if (!match) return null;
  const value = parseNumber(match[0], language);
  return Number.isFinite(value) ? { value, start: match.index, end: match.index + match[0].length } : null;
}

/** The separator before the decimals of a written number, or null for a whole number. */
function decimalSeparator(written: string, language: Language): string | null {
  const separators = written.replace(/\d/g, "");
  const last = separators.at(-1);
  if (!last) return null;
  // Both kinds: the last one starts the decimals ("1.234,56", "1,234.56").
  if (separators.includes(last === "." ? "," : ".")) return last;
  // One kind, repeated: thousands ("1.000.000").
  if (separators.length > 1) return null;
  // One separator before exactly three digits ("1.000", "1,000") groups thousands in the
  // language's own convention; "0.005" never does.
  const thousands = language === "en" ? "," : ".";
  const digitsAfter = written.length - written.indexOf(last) - 1;
  return digitsAfter === 3 && last === thousands && !written.startsWith("0") ? null : last;
}

function parseNumber(written: string, language: Language): number {
  const decimal = decimalSeparator(written, language);
  const point = decimal ? written.lastIndexOf(decimal) : written.length;
  const whole = written.slice(0, point).replace(/[.,]/g, "");
  return Number(`${whole}.${written.slice(point + 1) || "0"}`);
}
