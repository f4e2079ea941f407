import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

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

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use: the dictionaries weigh some 20 MB of a server's memory and ranking
 * them takes a moment, and only sign-ups and password changes need them.
 */
async function buildEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english, portuguese, spanish] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
    import("@zxcvbn-ts/language-pt-br"),
    import("@zxcvbn-ts/language-es-es"),
  ]);
  return new ZxcvbnFactory({
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
}

/** "Ana Souza", "ana.souza@example.com": the whole of each, and each word of three letters or more. */
const wordsOf = (details: string[]) =>
  details.flatMap((detail) => [detail, ...detail.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3)]);

/**
 * True for a password a guessing attack would find: a common or leaked one, a keyboard walk, a
 * word with a few look-alike substitutions, the person's own name or address… Server-side only:
 * the dictionaries weigh megabytes.
 */
export async function isGuessablePassword(password: string, personalDetails: string[]): Promise<boolean> {
  estimator ??= buildEstimator();
  return (await estimator).check(password, wordsOf(personalDetails)).score < minimumScore;
}
