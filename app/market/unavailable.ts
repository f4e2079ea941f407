import type { Logger } from "~/platform/logger.server";

import { UpstreamError } from "./providers/provider";

/**
 * Market pages never crash on a failing upstream: with no cached data to fall back on, the
 * section gets `null` and renders a clear "unavailable" state instead.
 */
export async function orUnavailable<T>(logger: Logger, load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    logger.warn(`upstream ${error.provider} failed:`, error.message);
    return null;
  }
}
