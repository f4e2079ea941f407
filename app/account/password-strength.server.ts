import { Worker } from "node:worker_threads";

/**
 * zxcvbn's 3, "safely unguessable": about 10^8 guesses or more. Below it fall the passwords people
 * pick when told "a letter, a number and a symbol": Password1!, P@ssw0rd1, Mudar@123, Senha123!…
 */
const minimumScore = 3;

/**
 * The checking thread exits after this long without a password to check. Its dictionaries weigh
 * some 40 MB once ranked, and only sign-ups and password changes need them: a check after a quiet
 * spell waits about half a second for a new thread to load them.
 */
const idleExitMs = 5_000;

type Pending = { resolve: (score: number) => void; reject: (error: Error) => void };
type Checker = { thread: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };

let checker: Checker | undefined;
let lastId = 0;

function stop(current: Checker, error: Error) {
  if (checker === current) checker = undefined;
  for (const { reject } of current.pending.values()) reject(error);
  current.pending.clear();
}

function startChecker(): Checker {
  // Beside this module in the sources, beside the bundle in the server build (vite.config.ts copies it).
  const thread = new Worker(new URL("./password-check.worker.js", import.meta.url));
  const current: Checker = { thread, pending: new Map() };
  // A thread waiting for work never keeps the process from exiting.
  thread.unref();
  thread.on("message", ({ id, score, error }: { id: number; score?: number; error?: string }) => {
    const request = current.pending.get(id);
    current.pending.delete(id);
    if (score === undefined) request?.reject(new Error(`password check failed: ${error}`));
    else request?.resolve(score);
    if (current.pending.size > 0) return;
    current.idle = setTimeout(() => {
      stop(current, new Error("password checker stopped"));
      void thread.terminate();
    }, idleExitMs);
    current.idle.unref();
  });
  thread.on("error", (error) => stop(current, error));
  thread.on("exit", (code) => stop(current, new Error(`password checker exited with code ${code}`)));
  return current;
}

function score(password: string, userInputs: string[]): Promise<number> {
  const current = (checker ??= startChecker());
  clearTimeout(current.idle);
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.thread.postMessage({ id, password, userInputs });
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
  return (await score(password, wordsOf(personalDetails))) < minimumScore;
}
