import { createContext, type RouterContextProvider } from "react-router";

import type { MarketSources } from "./providers/sources.server";
import type { MarketService } from "./service.server";
import type { CryptoViews } from "./views.server";

export const marketContext = createContext<MarketService>();

/** The market service the composition root built, for this request's loaders and actions. */
export function marketOf(context: Readonly<RouterContextProvider>): MarketService {
  return context.get(marketContext);
}

export const marketSourcesContext = createContext<MarketSources>();

/** Which upstream serves each kind of market data on this instance. */
export function marketSourcesOf(context: Readonly<RouterContextProvider>): MarketSources {
  return context.get(marketSourcesContext);
}

export const cryptoViewsContext = createContext<CryptoViews>();

/** Where visits to crypto pages are counted, for "most searched". */
export function cryptoViewsOf(context: Readonly<RouterContextProvider>): CryptoViews {
  return context.get(cryptoViewsContext);
}
