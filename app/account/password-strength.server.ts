import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import * as portuguese from "@zxcvbn-ts/language-pt-br";
import * as spanish from "@zxcvbn-ts/language-es-es";

/**
 * zxcvbn's 3, "safely unguessable": about 10^8 guesses or more. Below it fall the passwords people
 * pick when told "a letter, a number and a symbol": Password1!, P@ssw0rd1, Mudar@123, Senha123!…
 */
const minimumScore = 3;

// The word lists of the app's three languages, without their Wikipedia and surname lists: those
// are the largest and slowest to search, and add little to common words, names and leaked passwords.
const slowLists = /^(wikipedia|lastnames)-/;
const wordLists = (dictionary: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(dictionary).filter(([name]) => !slowLists.test(name)));

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the dictionaries takes a moment, and only sign-ups and password changes need it. */
function strengthEstimator() {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: {
      ...common.dictionary,
      ...wordLists(english.dictionary),
      ...wordLists(portuguese.dictionary),
      ...wordLists(spanish.dictionary),
    },
    // Bounds the work per password (the defaults take seconds on crafted 200-character input):
    // strength is judged on the first 100 characters, with at most 4 look-alike substitutions.
    maxLength: 100,
    l33tMaxSubstitutions: 4,
  });
  return estimator;
}

/** "Ana Souza", "ana.souza@example.com": the whole of each, and each word of three letters or more. */
const wordsOf = (details: string[]) =>
  details.flatMap((detail) => [detail, ...detail.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)]);

/**
 * True for a password a guessing attack would find: a common or leaked one, a keyboard walk, a
 * word with a few look-alike substitutions, the person's own name or address… Server-side only:
 * the dictionaries weigh megabytes.
 */
export function isGuessablePassword(password: string, personalDetails: string[]): boolean {
  return strengthEstimator().check(password, wordsOf(personalDetails)).score < minimumScore;
}
