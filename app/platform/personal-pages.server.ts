import { randomUUID } from "node:crypto";

import type { SharedStore } from "./shared-store.server";

/**
 * Versions of what a signed-in user's pages show. A personal page is kept under the version it was
 * rendered under and served again only while that version holds: any write that may change the
 * page names a new one. The versions live in the shared store, so with Redis a write on one
 * instance outdates the pages every instance keeps before its answer goes out.
 */
export type PersonalPageVersions = {
  /** The version of `userId`'s pages: theirs and everyone's together. */
  of(userId: number): Promise<string>;
  /** Something `userId`'s pages may show has changed (a write of theirs). */
  changed(userId: number): Promise<void>;
  /** Something any user's pages may show has changed (an administrator's write). */
  changedForEveryone(): Promise<void>;
};

const everyoneKey = "personal-pages:everyone";
const userKey = (userId: number) => `personal-pages:user:${userId}`;

/**
 * A version that is missing (expired, or lost with a Redis restarted empty) becomes a new random
 * one, never a fixed value: a page kept under any earlier version is then out of date, where a
 * fixed "first" would make pages kept before a write valid again.
 */
export function createPersonalPageVersions(shared: SharedStore, lifetimeMs: number): PersonalPageVersions {
  const renew = (key: string) => shared.set(key, randomUUID(), lifetimeMs);
  const versionOf = async (key: string) => (await shared.get(key)) ?? shared.setIfAbsent(key, randomUUID(), lifetimeMs);
  return {
    async of(userId) {
      const [own, everyone] = await Promise.all([versionOf(userKey(userId)), versionOf(everyoneKey)]);
      return `${own}/${everyone}`;
    },
    changed: (userId) => renew(userKey(userId)),
    changedForEveryone: () => renew(everyoneKey),
  };
}
