import { z } from "zod";

import type { Logger } from "~/platform/logger.server";

import { type RatesProvider, UpstreamError } from "../../providers/provider";
import type { CurrencyKind, RateTable } from "../../types";
import { createJsonClient } from "../http";
import { num } from "../schema";
import { currencyKindOf } from "./currency-kinds";

export type CurrencyApiOptions = {
  baseUrl?: string;
  /** The feed's author asks clients to fall back to this mirror when the CDN fails. */
  fallbackBaseUrl?: string;
  timeoutMs?: number;
  logger?: Logger;
};

const provider = "currency-api";
const defaultBaseUrl = "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1";
const defaultFallbackBaseUrl = "https://latest.currency-api.pages.dev/v1";

/** `{ date, usd: { code: rate } }`, lower-case codes, rates in units per 1 USD. */
const usdSchema = z.object({ date: z.iso.date(), usd: z.record(z.string(), num) });

export function createCurrencyApiProvider({
  baseUrl = defaultBaseUrl,
  fallbackBaseUrl = defaultFallbackBaseUrl,
  timeoutMs,
  logger,
}: CurrencyApiOptions = {}): RatesProvider {
  const primary = createJsonClient({ provider, baseUrl, timeoutMs, logger });
  const fallback = createJsonClient({ provider, baseUrl: fallbackBaseUrl, timeoutMs, logger });
  const path = "/currencies/usd.json";

  return {
    source: "live",
    async latest() {
      const body = await primary.get(path, usdSchema).catch((primaryError: unknown) =>
        fallback.get(path, usdSchema).catch((fallbackError: unknown) => {
          throw bothFailed(primaryError, fallbackError);
        }),
      );
      return toRateTable(body);
    },
  };
}

function toRateTable({ date, usd }: z.output<typeof usdSchema>): RateTable {
  const rates: Record<string, number> = {};
  const kinds: Record<string, CurrencyKind> = {};
  for (const [code, rate] of Object.entries(usd)) {
    // A zero or negative rate cannot be converted through; null already covers NaN and non-numbers.
    if (rate === null || rate <= 0) continue;
    const upper = code.toUpperCase();
    const kind = currencyKindOf(upper);
    if (kind === null) continue;
    rates[upper] = rate;
    kinds[upper] = kind;
  }
  // The feed publishes once a day; `date` is that day, so its start (UTC) is the rates' timestamp.
  return { base: "USD", timestamp: Date.parse(`${date}T00:00:00Z`) / 1000, rates, kinds };
}

/** Reports the fallback's status (the last answer) but keeps both reasons in the message. */
function bothFailed(primary: unknown, fallback: unknown) {
  if (!(fallback instanceof UpstreamError)) return fallback;
  const reason = primary instanceof Error ? primary.message : String(primary);
  return new UpstreamError(
    `${fallback.message} (fallback, after the primary failed: ${reason})`,
    provider,
    fallback.status,
    fallback.retryAfterSeconds,
  );
}
