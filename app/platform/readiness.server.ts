import { sql } from "drizzle-orm";

import type { AppDatabase } from "./database.server";
import type { Lifecycle } from "./lifecycle.server";

/** Longer than a healthy database ever takes for a trivial query; a balancer's probe waits about as long. */
const databaseTimeoutMs = 1000;

export type Readiness = { ready: true } | { ready: false; reason: "shutting-down" | "database-unreachable" };

/** Whether this instance can serve: it is not stopping and its database answers in time. */
export async function readiness(
  { db, lifecycle }: { db: AppDatabase; lifecycle: Lifecycle },
  timeoutMs = databaseTimeoutMs,
): Promise<Readiness> {
  if (lifecycle.shuttingDown) return { ready: false, reason: "shutting-down" };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  const answered = db.rows(sql`select 1`).then(
    () => true,
    () => false,
  );
  const reachable = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  return reachable ? { ready: true } : { ready: false, reason: "database-unreachable" };
}
