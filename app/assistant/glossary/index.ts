/**
 * The bundled glossary the offline assistant answers "what is X?" questions from. It is validated
 * once at load, so a bad edit of glossary.json fails at startup instead of in a chat reply.
 */
import { z } from "zod";

import { type Language, supportedLanguages } from "~/i18n/languages";
import { fold } from "~/lib/text";

import glossaryJson from "./glossary.json";

export type GlossaryTerm = {
  id: string;
  names: Record<Language, string[]>;
  definition: Record<Language, string>;
  href?: string;
};

const termSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  names: z.record(z.enum(supportedLanguages), z.array(z.string().trim().min(1)).min(1)),
  definition: z.record(z.enum(supportedLanguages), z.string().trim().min(1)),
  href: z.string().startsWith("/").optional(),
});

export const glossaryTerms: readonly GlossaryTerm[] = z.array(termSchema).parse(glossaryJson);

/** Folds case and accents, and evens out the typing differences that fold() leaves. */
function normalize(text: string): string {
  return fold(text)
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

type Alias = { folded: string; term: GlossaryTerm; checkStart: boolean; checkEnd: boolean };

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Longest first, so the first length that matches anywhere is the answer. */
const aliases: readonly Alias[] = (() => {
  const ids = new Set<string>();
  const owners = new Map<string, GlossaryTerm>();
  for (const term of glossaryTerms) {
    if (ids.has(term.id)) throw new Error(`Glossary: duplicate id "${term.id}"`);
    ids.add(term.id);
    for (const language of supportedLanguages) {
      for (const name of term.names[language]) {
        const folded = normalize(name);
        const owner = owners.get(folded);
        // The same alias in two languages of one term is fine; across terms the question is ambiguous.
        if (owner && owner !== term) throw new Error(`Glossary: "${name}" names both "${owner.id}" and "${term.id}"`);
        owners.set(folded, term);
      }
    }
  }
  return [...owners]
    .map(([folded, term]) => ({
      folded,
      term,
      // Aliases such as "IPCA+" end in punctuation, which is a boundary by itself.
      checkStart: isWordChar(folded[0]),
      checkEnd: isWordChar(folded[folded.length - 1]),
    }))
    .sort((a, b) => b.folded.length - a.folded.length);
})();

/** Where the alias first occurs as a whole word in the text, or -1. */
function wordIndex(text: string, alias: Alias): number {
  for (let at = text.indexOf(alias.folded); at !== -1; at = text.indexOf(alias.folded, at + 1)) {
    const end = at + alias.folded.length;
    if ((!alias.checkStart || !isWordChar(text[at - 1])) && (!alias.checkEnd || !isWordChar(text[end]))) return at;
  }
  return -1;
}

/** The term a free-text question names, in any language; the longest alias wins, then the earliest. */
export function findGlossaryTerm(text: string): GlossaryTerm | null {
  const folded = normalize(text);
  let best: { at: number; length: number; term: GlossaryTerm } | null = null;
  for (const alias of aliases) {
    if (best && alias.folded.length < best.length) break;
    const at = wordIndex(folded, alias);
    if (at !== -1 && (!best || at < best.at)) best = { at, length: alias.folded.length, term: alias.term };
  }
  return best?.term ?? null;
}

export function glossaryTermName(term: GlossaryTerm, language: Language): string {
  // The schema guarantees at least one name per language.
  return term.names[language][0]!;
}
