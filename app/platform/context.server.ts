import { createContext, type RouterContextProvider } from "react-router";

import type { Clock } from "./clock";
import type { AppDatabase } from "./database.server";
import type { Env } from "./env.server";
import type { EventBus } from "./events.server";
import type { Lifecycle } from "./lifecycle.server";
import type { Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";
import type { PersonalPageVersions } from "./personal-pages.server";
import type { RateLimiter } from "./rate-limit.server";
import type { RouteTable } from "./route-table.server";
import type { SharedStore } from "./shared-store.server";

/** What every feature may use, built once by the composition root (app/services.server.ts). */
export type Platform = {
  readonly config: Env;
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics: Metrics;
  /** Whether the instance is stopping (readiness reads it; the server flips it on SIGTERM). */
  readonly lifecycle: Lifecycle;
  readonly rateLimiter: RateLimiter;
  readonly events: EventBus;
  readonly shared: SharedStore;
  /** Versions of what each signed-in user's pages show: the personal page cache serves a page only under its own. */
  readonly personalPages: PersonalPageVersions;
  /** The app's routes with what each declares (app/route-policies.ts): caching, body limit, robots. */
  readonly routes: RouteTable;
  /**
   * Aborts when a shutdown's time for open requests is up: work still streaming (an assistant
   * reply) ends itself with an error the user can act on, before the connection is cut.
   */
  readonly shutdownDeadline: AbortSignal;
};

/** Published on `events` when pages every instance keeps must be dropped (a release note changed). */
export const pagesChangedChannel = "pages:changed";

export const platformContext = createContext<Platform>();

/** The platform services handed to this request's loaders, actions and middleware. */
export function platformOf(context: Readonly<RouterContextProvider>): Platform {
  return context.get(platformContext);
}
