import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** Per-request CSP nonce, set by the HTTP layer and read by the document renderer. */
export const nonceContext = createContext<string>("");

const NonceReactContext = createReactContext<string | undefined>(undefined);
export const NonceProvider = NonceReactContext.Provider;

export function useNonce() {
  return useContext(NonceReactContext);
}
