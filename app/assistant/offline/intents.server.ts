/**
 * What a question asks, in any of the three languages (the user's language only decides the
 * answer's): keyword sets on the folded text, tried in a fixed precedence.
 */
import type { Language } from "~/i18n/languages";

import { findGlossaryTerm, type GlossaryTerm } from "../glossary";
import type { AssistantRequest } from "../model.server";
import type { AssetFinder, AssetRef } from "./assets.server";
import { type Amount, type CurrencyFinder, findAmount, type Mention } from "./currencies.server";
import { containsAnyPhrase, tokenize, wordText } from "./words.server";

export type Intent =
  | { kind: "convert"; amount: number; from: string; to: string }
  /** No assets: the latest general headlines. */
  | { kind: "news"; assets: AssetRef[] }
  | { kind: "movers" }
  | { kind: "term"; term: GlossaryTerm }
  | { kind: "quote"; assets: AssetRef[] }
  /** A price question that names nothing. */
  | { kind: "quoteWhich" }
  | { kind: "capabilities" }
  | { kind: "unknown" };

/** Folded phrases, matched on word boundaries. */
const keywords = {
  convert: [
    "converter",
    "converta",
    "converte",
    "conversao",
    "convert",
    "converting",
    "conversion",
    "convertir",
    "convierte",
    "convierta",
    "cambiar",
    "cambia",
  ],
  news: ["noticia", "noticias", "news", "headline", "headlines", "manchete", "manchetes", "novidades", "titulares"],
  movers: [
    "maiores altas",
    "maiores baixas",
    "maiores quedas",
    "mais subiram",
    "mais subiu",
    "mais cairam",
    "mais caiu",
    "altas e baixas",
    "top movers",
    "movers",
    "gainers",
    "losers",
    "biggest gains",
    "biggest losses",
    "rose the most",
    "fell the most",
    "dropped the most",
    "gained the most",
    "mayores subidas",
    "mayores bajadas",
    "mayores caidas",
    "mas subieron",
    "mas subio",
    "mas cayeron",
    "mas cayo",
    "subidas y bajadas",
    "ganadores",
    "perdedores",
  ],
  definition: [
    "o que e",
    "o que sao",
    "oque e",
    "que e",
    "que sao",
    "significa",
    "significado",
    "explique",
    "explica",
    "explicar",
    "defina",
    "definicao",
    "what is",
    "what are",
    "what s",
    "whats",
    "what does",
    "meaning",
    "define",
    "explain",
    "que es",
    "que son",
    "definicion",
    "como funciona",
    "how does",
  ],
  price: [
    "cotacao",
    "preco",
    "quanto esta",
    "quanto custa",
    "quanto vale",
    "valor",
    "price",
    "quote",
    "how much",
    "worth",
    "how is",
    "how s",
    "precio",
    "cotizacion",
    "cuanto esta",
    "cuanto cuesta",
    "cuanto vale",
    "como esta",
    "como va",
  ],
  capabilities: [
    "oi",
    "ola",
    "opa",
    "bom dia",
    "boa tarde",
    "boa noite",
    "hello",
    "hi",
    "hey",
    "good morning",
    "good afternoon",
    "good evening",
    "hola",
    "buenos dias",
    "buenas tardes",
    "buenas noches",
    "buenas",
    "ajuda",
    "help",
    "ayuda",
    "o que voce sabe",
    "o que voce faz",
    "o que voce pode",
    "what can you do",
    "what do you do",
    "how can you help",
    "que puedes hacer",
    "que sabes hacer",
    "en que puedes",
    "quem e voce",
    "who are you",
    "quien eres",
  ],
  /** How a follow-up about the previous question's asset starts: "e as notícias?", "and the price?". */
  followUp: ["e", "and", "y", "what about", "how about", "e sobre", "y sobre", "y que hay de"],
} as const;

/** Words allowed between an amount and its currency: "1 onça de ouro", "2 ounces of gold". */
const maxWordsBetweenAmountAndCurrency = 2;

function wordsBetween(text: string, from: number, to: number): number {
  return tokenize(text.slice(Math.min(from, to), Math.max(from, to))).length;
}

/** The currency an amount is written with: the nearest mention, before ("R$ 100") or after ("100 dólares"). */
function currencyOfAmount(text: string, amount: Amount, mentions: Mention[]): Mention | undefined {
  const distance = (mention: Mention) =>
    mention.start >= amount.end ? wordsBetween(text, amount.end, mention.start) : wordsBetween(text, mention.end, amount.start);
  const nearest = [...mentions].sort((a, b) => distance(a) - distance(b))[0];
  return nearest && distance(nearest) <= maxWordsBetweenAmountAndCurrency ? nearest : undefined;
}

function distinctCodes(mentions: Mention[]): string[] {
  return [...new Set(mentions.map(({ code }) => code))];
}

/** With no target currency named: the user's usual one, or the real/dollar pair. */
function defaultTarget(from: string, language: Language): string {
  const usual = language === "pt-BR" ? "BRL" : "USD";
  if (from !== usual) return usual;
  return from === "BRL" ? "USD" : "BRL";
}

/**
 * A conversion needs a currency and a sign that one is asked for: an amount written with it, a
 * convert verb, or two currencies that are not all coins ("compare BTC e ETH" is a quote).
 */
function conversionOf(
  prompt: string,
  words: string,
  mentions: Mention[],
  language: Language,
  { currencyKind }: CurrencyFinder,
): Intent | null {
  const codes = distinctCodes(mentions);
  const amount = findAmount(prompt, language);
  const amountCurrency = amount ? currencyOfAmount(prompt, amount, mentions) : undefined;
  const asked =
    amountCurrency !== undefined ||
    (codes.length > 0 && containsAnyPhrase(words, keywords.convert)) ||
    (codes.length >= 2 && codes.some((code) => currencyKind(code) !== "crypto"));
  const from = amountCurrency?.code ?? codes[0];
  if (!asked || !from) return null;
  const to = codes.find((code) => code !== from) ?? defaultTarget(from, language);
  return { kind: "convert", amount: amountCurrency && amount ? amount.value : 1, from, to };
}

/** "quanto está o dólar?": a single fiat or metal asked for its price, shown in the usual currency. */
function currencyQuoteOf(mentions: Mention[], language: Language, { currencyKind }: CurrencyFinder): Intent | null {
  const codes = distinctCodes(mentions);
  const [code] = codes;
  if (codes.length !== 1 || !code || currencyKind(code) === "crypto") return null;
  return { kind: "convert", amount: 1, from: code, to: defaultTarget(code, language) };
}

function isFollowUp(words: string): boolean {
  return keywords.followUp.some((phrase) => words.startsWith(` ${phrase} `));
}

/** What the offline model reads questions with, built once from its catalogue. */
export type Finders = { assetFinder: AssetFinder; currencyFinder: CurrencyFinder };

export function intentOf(request: AssistantRequest, { assetFinder, currencyFinder }: Finders): Intent {
  const { prompt, language } = request;
  const words = wordText(tokenize(prompt));
  const has = (phrases: readonly string[]) => containsAnyPhrase(words, phrases);
  const named = assetFinder.findAssets(prompt);
  const previous =
    named.length === 0 && isFollowUp(words) && request.lastUserMessage ? assetFinder.findAssets(request.lastUserMessage) : [];
  const assets = named.length > 0 ? named : previous;
  const term = findGlossaryTerm(prompt);
  const asksPrice = has(keywords.price);
  const currencies = currencyFinder.findCurrencies(prompt);

  const conversion = conversionOf(prompt, words, currencies, language, currencyFinder);
  if (conversion) return conversion;
  if (has(keywords.news)) return { kind: "news", assets };
  if (has(keywords.movers)) return { kind: "movers" };
  // "o que é Bitcoin?" is a definition; "what is the price of Bitcoin?" is a quote.
  if (term && has(keywords.definition) && !(named.length > 0 && asksPrice)) return { kind: "term", term };
  if (named.length > 0 || (previous.length > 0 && asksPrice)) return { kind: "quote", assets };
  // Before a bare term: "cotação do dólar" also names the glossary's exchange-rate entry.
  const currencyQuote = asksPrice ? currencyQuoteOf(currencies, language, currencyFinder) : null;
  if (currencyQuote) return currencyQuote;
  if (term) return { kind: "term", term };
  if (asksPrice) return { kind: "quoteWhich" };
  if (has(keywords.capabilities)) return { kind: "capabilities" };
  return { kind: "unknown" };
}
