import type { Logger } from "~/platform/logger.server";

import { createJsonClient } from "../http";

export type BrapiOptions = {
  baseUrl?: string;
  /** Needed for /api/quote/list and for all but four quote tickers (PETR4, MGLU3, VALE3, ITUB4). */
  token?: string;
  timeoutMs?: number;
  logger?: Logger;
};

const defaultBaseUrl = "https://brapi.dev";

/** One JSON client per brapi adapter, with the token as a bearer header. */
export function brapiClient({ baseUrl = defaultBaseUrl, token, timeoutMs, logger }: BrapiOptions = {}) {
  return createJsonClient({ provider: "brapi", baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {}, timeoutMs, logger });
}
