import { createContext, type RouterContextProvider } from "react-router";
import type { MarketService } from "./service.server";

export const marketContext = createContext<MarketService>();

/** The market service the composition root built, for this request's loaders and actions. */
export function marketOf(context: Readonly<RouterContextProvider>): MarketService {
  return context.get(marketContext);
}
