import type { Upstream } from "../providers/upstream";
import { bcb } from "./bcb";
import { binance } from "./binance";
import { brapi } from "./brapi";
import { coinGecko } from "./coingecko";
import { currencyApi } from "./currency-api";
import { finnhub } from "./finnhub";
import { twelveData } from "./twelve-data";

/**
 * The market-data upstreams this app knows, one line each: what each serves, its variables and its
 * factories are in its folder. Their order is the registry's choice where it picks by itself (the
 * first upstream that has its keys serves a kind nobody chose).
 */
export const marketUpstreams: readonly Upstream[] = [coinGecko, binance, brapi, finnhub, twelveData, currencyApi, bcb];
