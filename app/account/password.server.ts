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
