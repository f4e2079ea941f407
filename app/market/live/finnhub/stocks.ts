import { z } from "zod";

import { num, text } from "../schema";
import { finnhubClient, type FinnhubClientOptions } from "./client";

/** US quotes and company profiles from Finnhub's free tier (60 calls/minute); history comes from elsewhere. */

export type UsQuote = {
  price: number;
  changePercent: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  previousClose: number | null;
  /** unix seconds of the last trade */
  time: number;
};

export type UsProfile = {
  name: string | null;
  logo: string | null;
  currency: string | null;
  industry: string | null;
  website: string | null;
  /** Shares, not Finnhub's millions. */
  sharesOutstanding: number | null;
  /** In the profile's currency, not Finnhub's millions. */
  marketCap: number | null;
};

/** Finnhub answers 0 for a price it does not have. */
const price = num.transform((value) => (value === null || value <= 0 ? null : value));

const quoteSchema = z.object({ c: price, dp: num, o: price, h: price, l: price, pc: price, t: num });

/** An unknown symbol is `{}`, so every field is optional. */
const profileSchema = z.object({
  name: text,
  logo: text,
  currency: text,
  finnhubIndustry: text,
  weburl: text,
  shareOutstanding: num,
  marketCapitalization: num,
});

const millions = (value: number | null) => (value === null || value <= 0 ? null : value * 1_000_000);

export function createFinnhubStocks(options: FinnhubClientOptions) {
  const http = finnhubClient(options);

  return {
    /** null for a symbol Finnhub does not know: it answers 200 with every number 0 (and d, dp null). */
    async quote(symbol: string): Promise<UsQuote | null> {
      const body = await http.get("/quote", quoteSchema, { symbol });
      if (body.c === null || body.t === null || body.t <= 0) return null;
      return {
        price: body.c,
        changePercent: body.dp,
        open: body.o,
        high: body.h,
        low: body.l,
        previousClose: body.pc,
        time: body.t,
      };
    },

    /** null for a symbol Finnhub has no profile of (it answers `{}`). */
    async profile(symbol: string): Promise<UsProfile | null> {
      const body = await http.get("/stock/profile2", profileSchema, { symbol });
      if (body.name === null && body.marketCapitalization === null) return null;
      return {
        name: body.name,
        logo: body.logo,
        currency: body.currency,
        industry: body.finnhubIndustry,
        website: body.weburl,
        sharesOutstanding: millions(body.shareOutstanding),
        marketCap: millions(body.marketCapitalization),
      };
    },
  };
}

export type FinnhubStocks = ReturnType<typeof createFinnhubStocks>;
