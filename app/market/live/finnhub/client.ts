import type { Logger } from "~/platform/logger.server";

import { createJsonClient } from "../http";

export type FinnhubClientOptions = {
  /** Finnhub has no keyless tier. */
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Logger;
};

const defaultBaseUrl = "https://finnhub.io/api/v1";

/** One JSON client per Finnhub adapter, with the key in Finnhub's header. */
export function finnhubClient({ apiKey, baseUrl = defaultBaseUrl, timeoutMs, logger }: FinnhubClientOptions) {
  return createJsonClient({ provider: "finnhub", baseUrl, headers: { "x-finnhub-token": apiKey }, timeoutMs, logger });
}
