// zxcvbn in a thread of its own (see password-strength.server.ts): the server's memory never holds
// its dictionaries, and they go with the thread when it exits. Plain JavaScript, run by Node as it
// is: the server build copies this file beside its own bundle.
import { parentPort } from "node:worker_threads";

// The word lists of the app's three languages, without their Wikipedia and surname lists: those
// are the largest and slowest to search, and add little to common words, names and leaked passwords.
const slowLists = /^(wikipedia|lastnames)-/;
/** @param {Record<string, string[]>} dictionary */
const wordLists = (dictionary) => Object.fromEntries(Object.entries(dictionary).filter(([name]) => !slowLists.test(name)));

async function buildEstimator() {
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

const estimator = buildEstimator();

parentPort?.on("message", async (/** @type {{ id: number; password: string; userInputs: string[] }} */ { id, password, userInputs }) => {
  try {
    parentPort?.postMessage({ id, score: (await estimator).check(password, userInputs).score });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
