/**
 * Finds the cryptos and stocks a question names, against the catalogue the model is given: tickers,
 * coin symbols, full names and the distinctive words of names ("Itaú" for Itaú Unibanco).
 */
import type { Catalogue, StockAsset } from "~/market/catalogue";

import { casingCounts, commonWords, isCapitalized, isUpperCase, type Token, tokenize } from "./words.server";

export type AssetRef = { kind: "crypto"; id: string; symbol: string; name: string } | { kind: "stock"; ticker: string; name: string };

const maxAssetsPerQuestion = 3;

function assetKey(asset: AssetRef): string {
  return asset.kind === "crypto" ? `crypto:${asset.id}` : `stock:${asset.ticker}`;
}

/** What the asset's page and answers show as its code: BTC, PETR4. */
export function assetCode(asset: AssetRef): string {
  return asset.kind === "crypto" ? asset.symbol.toUpperCase() : asset.ticker;
}

export function assetHref(asset: AssetRef): string {
  return asset.kind === "crypto" ? `/cryptos/${encodeURIComponent(asset.id)}` : `/stocks/${encodeURIComponent(asset.ticker)}`;
}

/** Share classes and corporate suffixes: "Petrobras PN", "Apple Inc." and "Apple BDR" are one company. */
const nameSuffixes = new Set([
  "on",
  "pn",
  "pna",
  "pnb",
  "unit",
  "bdr",
  "inc",
  "incorporated",
  "corporation",
  "company",
  "co",
  "ltd",
  "class",
  "a",
  "and",
  "com",
]);

/** Words of company and coin names too generic to stand for one asset on their own. */
const genericNameWords = new Set([
  "banco",
  "bank",
  "brasil",
  "america",
  "energia",
  "grupo",
  "group",
  "global",
  "foods",
  "lojas",
  "casas",
  "agricola",
  "farmaceutica",
  "tecnologia",
  "participacoes",
  "mineracao",
  "seguridade",
  "commercial",
  "properties",
  "platforms",
  "holdings",
  "wholesale",
  "advanced",
  "micro",
  "devices",
  "metal",
  "leve",
  "smart",
  "dias",
  "branco",
  "rede",
  "plano",
  "quero",
  "internet",
  "computer",
  "network",
  "protocol",
  "token",
  "coin",
  "finance",
  "classic",
  "cash",
  "staked",
  "wrapped",
  "ether",
  "exchange",
  "alliance",
  "artificial",
  "superintelligence",
  "name",
  "service",
  "wallet",
  "trust",
  "basic",
  "attention",
  "infinity",
  "digital",
  "first",
  "official",
  "open",
  "shares",
  "crowd",
  "sale",
  "governance",
  "home",
  "acucar",
  "b3",
]);

/** Everyday names the catalog does not spell out. */
const extraNames: Record<string, string> = {
  magalu: "MGLU3",
  nubank: "NU",
  google: "GOOGL",
  facebook: "META",
  vivo: "VIVT3",
  matic: "polygon-ecosystem-token",
  eletrobras: "AXIA3",
};

/** Finds the assets a question names, with indexes built once from the catalogue it was given. */
export type AssetFinder = {
  /** The assets named in `text`, in the order written, without repeats, at most three. */
  findAssets: (text: string) => AssetRef[];
  /** The codes of the asset's company (every share class and BDR) and the names it goes by, folded. */
  assetMentions: (asset: AssetRef) => { codes: string[]; names: string[] };
};

type Candidate = { asset: AssetRef; bdr: boolean };

type NamedCandidate = { name: string[]; candidate: Candidate; distinctive: boolean };

type NameEntry = {
  words: string[];
  /** Best first: the company itself before its BDR, then the catalog's order (most liquid class first). */
  assets: AssetRef[];
};

/** Folded words of a catalog name, leaving out asides such as "(ex-MATIC)". */
function nameWords(name: string): string[] {
  return tokenize(name.replace(/\([^)]*\)/g, " ")).map((token) => token.folded);
}

function companyName(stock: StockAsset): string[] {
  const parts = nameWords(stock.name);
  while (parts.length > 1 && nameSuffixes.has(parts.at(-1) ?? "")) parts.pop();
  if (parts[0] === "the") parts.shift();
  return parts;
}

function candidatesOf({ cryptoAssets, stockAssets }: Pick<Catalogue, "cryptoAssets" | "stockAssets">): NamedCandidate[] {
  return [
    ...cryptoAssets.map((coin) => ({
      name: nameWords(coin.name),
      candidate: { asset: { kind: "crypto", id: coin.id, symbol: coin.symbol, name: coin.name } as const, bdr: false },
      distinctive: true,
    })),
    ...stockAssets.map((stock) => ({
      name: companyName(stock),
      candidate: { asset: { kind: "stock", ticker: stock.ticker, name: stock.name } as const, bdr: stock.type === "bdr" },
      // Fund and ETF names are made of shared words (Kinea, Renda, Logística): only their full name counts.
      distinctive: stock.type === "stock" || stock.type === "bdr",
    })),
  ];
}

function byPreference(group: Candidate[]): AssetRef[] {
  return [...group].sort((a, b) => Number(a.bdr) - Number(b.bdr)).map(({ asset }) => asset);
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/** Distinctive words (≥ 4 letters, not generic) used by exactly one family. */
function distinctiveWords(candidates: NamedCandidate[], families: Map<string, NamedCandidate[]>): NameEntry[] {
  const familiesByWord = new Map<string, Set<string>>();
  for (const { name, distinctive } of candidates) {
    if (!distinctive) continue;
    for (const word of name) {
      if (word.length < 4 || genericNameWords.has(word) || /^\d+$/.test(word)) continue;
      familiesByWord.set(word, (familiesByWord.get(word) ?? new Set()).add(name.join(" ")));
    }
  }
  return [...familiesByWord].flatMap(([word, familyNames]) => {
    const [family, ...others] = [...familyNames];
    const members = family !== undefined && others.length === 0 ? families.get(family) : undefined;
    return members ? [{ words: [word], assets: byPreference(members.map(({ candidate }) => candidate)) }] : [];
  });
}

function extraNameEntries(allAssets: AssetRef[]): NameEntry[] {
  return Object.entries(extraNames).flatMap(([name, code]) => {
    const asset = allAssets.find((item) => (item.kind === "crypto" ? item.id : item.ticker) === code);
    return asset ? [{ words: [name], assets: [asset] }] : [];
  });
}

/**
 * Whether a token may be read as a code: B3 tickers have a digit and match in any case; other
 * tickers and coin symbols only in capitals, or from 3 letters when they are no everyday word.
 */
export function readsAsCode(token: Token, casing: boolean): boolean {
  if (/\d/.test(token.text)) return true;
  if (casing && isUpperCase(token) && token.text.length >= 2) return true;
  return token.text.length >= 3 && !commonWords.has(token.folded);
}

/** Indexes the catalogue's names, tickers and symbols once; each question then only looks them up. */
export function createAssetFinder(catalogue: Pick<Catalogue, "cryptoAssets" | "stockAssets">): AssetFinder {
  const candidates = candidatesOf(catalogue);
  /** A company's classes and BDRs share one cleaned name: that is the family a name word points to. */
  const families = groupBy(candidates, ({ name }) => name.join(" "));
  const allAssets = candidates.map(({ candidate }) => candidate.asset);
  // "B3" the company is only its ticker: as a word it is the exchange.
  const fullNames: NameEntry[] = [...families].flatMap(([name, members]) =>
    genericNameWords.has(name) ? [] : [{ words: name.split(" "), assets: byPreference(members.map(({ candidate }) => candidate)) }],
  );
  const nameEntries = [...fullNames, ...extraNameEntries(allAssets), ...distinctiveWords(candidates, families)];
  /** Name entries by their first word. */
  const namesByFirstWord = groupBy(nameEntries, ({ words: [first] }) => first ?? "");
  const stocksByTicker = new Map(allAssets.flatMap((asset) => (asset.kind === "stock" ? [[asset.ticker, asset] as const] : [])));
  const cryptosBySymbol = new Map<string, AssetRef>();
  for (const asset of allAssets) {
    // The catalog is ordered by market cap: the first coin with a symbol is the one people mean.
    if (asset.kind === "crypto" && !cryptosBySymbol.has(asset.symbol.toUpperCase())) {
      cryptosBySymbol.set(asset.symbol.toUpperCase(), asset);
    }
  }

  function codeAt(token: Token, casing: boolean): AssetRef | undefined {
    if (!readsAsCode(token, casing)) return undefined;
    const code = token.text.toUpperCase();
    return stocksByTicker.get(code) ?? cryptosBySymbol.get(code);
  }

  /** The longest name starting at `index`, with the words it spans. */
  function nameAt(tokens: Token[], index: number, casing: boolean): { asset: AssetRef; length: number } | undefined {
    const first = tokens[index];
    if (!first) return undefined;
    let best: { asset: AssetRef; length: number } | undefined;
    for (const entry of namesByFirstWord.get(first.folded) ?? []) {
      const fits = entry.words.every((word, offset) => tokens[index + offset]?.folded === word);
      // A one-word name that is also an everyday word ("Vale", "Meta") must be capitalised.
      const plausible = entry.words.length > 1 || !commonWords.has(first.folded) || (casing && isCapitalized(first));
      const [asset] = entry.assets;
      if (fits && plausible && asset && entry.words.length > (best?.length ?? 0)) best = { asset, length: entry.words.length };
    }
    return best;
  }

  return {
    findAssets: (text) => {
      const tokens = tokenize(text);
      const casing = casingCounts(text);
      const found = new Map<string, AssetRef>();
      for (let index = 0; index < tokens.length && found.size < maxAssetsPerQuestion;) {
        const token = tokens[index];
        const named = nameAt(tokens, index, casing);
        const coded = token && codeAt(token, casing);
        const asset = named?.asset ?? coded;
        if (asset) found.set(assetKey(asset), asset);
        index += named?.length ?? 1;
      }
      return [...found.values()];
    },
    assetMentions: (asset) => {
      const key = assetKey(asset);
      const family = fullNames.find((entry) => entry.assets.some((member) => assetKey(member) === key));
      const names = nameEntries.filter((entry) => entry.assets.some((member) => assetKey(member) === key));
      return {
        codes: (family?.assets ?? [asset]).map(assetCode),
        names: names.map((entry) => entry.words.join(" ")),
      };
    },
  };
}
