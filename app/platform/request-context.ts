import { createContext } from "react-router";

/** The client's address as the HTTP layer saw it (for rate limits). */
export const clientAddressContext = createContext<string>("unknown");
