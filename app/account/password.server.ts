import { randomBytes } from "node:crypto";

import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): safe and fast enough per login.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let unmatchable: Promise<string> | undefined;

/**
 * The hash of a random secret nobody knows, with the same parameters as every other: checking a
 * password against it costs what a real check costs, for sign-ins that have no hash to check.
 */
export function unmatchableHash(): Promise<string> {
  unmatchable ??= hashPassword(randomBytes(32).toString("base64url"));
  return unmatchable;
}
