/**
 * Text handling shared by the offline assistant's entity and intent detection: words with their
 * position, folded for matching, and the everyday words a ticker or name must not be taken for.
 */
import { fold } from "~/lib/text";

export type Token = {
  /** As typed, for the casing rules. */
  text: string;
  folded: string;
  /** Character offsets in the question. */
  start: number;
  end: number;
};

export function tokenize(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    text: match[0],
    folded: fold(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Folded words separated by single spaces, padded, so phrases match on word boundaries only. */
export function wordText(tokens: Token[]): string {
  return ` ${tokens.map((token) => token.folded).join(" ")} `;
}

export function containsAnyPhrase(words: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => words.includes(` ${phrase} `));
}

/**
 * Casing tells "SOL" (the coin) from "sol" (the sun) only when the question is not written all in
 * capitals.
 */
export function casingCounts(text: string): boolean {
  return /\p{Ll}/u.test(text);
}

export function isUpperCase(token: Token): boolean {
  return token.text === token.text.toUpperCase() && /\p{Lu}/u.test(token.text);
}

export function isCapitalized(token: Token): boolean {
  return /^\p{Lu}/u.test(token.text);
}

/**
 * Folded words of Portuguese, English and Spanish questions that are also a ticker, a coin symbol,
 * a currency code or an asset's name: those only count as such when written in capitals ("SOL",
 * "ALL") or, for names, capitalised ("Vale", "Meta").
 */
export const commonWords = new Set(
  `
  a ao aos as o os e ou um uma uns umas de da das do dos em no na nos nas por para pra pelo pela com sem sob
  que se ja nao sim mais menos muito pouco bem mal hoje ontem agora aqui ali la eu tu ele ela nos eles elas
  voce voces meu minha seu sua isso isto esse essa este esta aquele como quando onde qual quais quanto quanta
  sol lua mar ceu dia mes ano hora vez tudo nada algo alguem todo toda todos todas outro outra mesmo mesma
  vale vamos rumo motiva tenda even mills seguro vivo meta real sei sou sao era foi ser ter tem tinha vai vou
  mina mana tia tio gala gel cash ponto pois pai mae casa lar bom boa mau ola oi oba ta to tao top ali
  uni dai ate apos entre contra desde mas nem so sua suas teu tua pro pros
  the of and or to in on at by for from with without into onto about over under up down out off
  is are was were be been being am do does did done have has had will would can could should may might must
  i you he she it we they me him her us them my your his its our their this that these those what which who
  whom whose why how when where all any some one two ten none no not yes yet so too very just only also
  new now old big small good bad best better top low high open close near far get got go going gone gas
  link dot ton hype leo apt atom sky dash cake virtual sand bat ray flow comp ape zen hot etc cost
  graph render quant optimism stellar mantle cosmos nano neo celo sushi pepe mad cup sos try pen bob ron mop bam cop ves
  immutable harmony stacks compound curve gamble cola chase magazine alphabet visa caixa vibra brava localiza
  movida positivo direcional equatorial tim
  el la los las lo un una unos unas del al y o u en por para con sin sobre entre hasta desde que se
  es son fue ser estar esta este esto eso esa ese como cuando donde cual cuales cuanto cuanta muy mas
  menos poco mucho hoy ayer ahora aqui alli yo tu el ella nosotros ellos ellas usted ustedes mi mis su sus
  sol luna mar cielo dia mes ano hora vez todo nada algo alguien otro otra mismo misma bien mal hola
  `
    .split(/\s+/)
    .filter(Boolean),
);
