import { z } from "zod";

/** How an asset is named in a URL: a coin's id as CoinGecko writes it, a ticker as B3 or a US exchange does. */
export const cryptoIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
export const tickerSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.^-]{0,15}$/);
