import { cryptoCurrencies, type CryptoCurrency } from "../crypto-currency";

/**
 * The realtime channel's vocabulary, shared by the socket server and the browser. An asset is
 * watched by its live key: a crypto in one quote currency, or a stock by ticker.
 */
export type LiveKey = `crypto:${string}:${CryptoCurrency}` | `stock:${string}`;

export function cryptoLiveKey(id: string, currency: CryptoCurrency): LiveKey {
  return `crypto:${id}:${currency}`;
}

export function stockLiveKey(ticker: string): LiveKey {
  return `stock:${ticker.toUpperCase()}`;
}

const cryptoKeyPattern = new RegExp(`^crypto:[a-z0-9][a-z0-9-]{0,99}:(?:${cryptoCurrencies.join("|")})$`);
const stockKeyPattern = /^stock:[A-Z0-9.^-]{1,20}$/;

/** Whether `value`, sent by a browser, names something the channel can carry. */
export function isLiveKey(value: unknown): value is LiveKey {
  return typeof value === "string" && (cryptoKeyPattern.test(value) || stockKeyPattern.test(value));
}

/**
 * One price update. `change` is the percentage change over 24 h (crypto) or since the previous
 * close (stocks); `volume` is the 24 h volume in the quote currency (crypto) or the day's shares
 * (stocks); `time` is when the price was observed, in ms since the epoch.
 */
export type Tick = { key: LiveKey; price: number; change: number | null; volume: number | null; time: number };

/** Most keys one connection may watch at once: a full list page, the ticker tape and a detail. */
export const maxLiveKeysPerConnection = 300;

export type LiveServerEvents = {
  /** Fresh quotes of watched keys; newer than any earlier tick of the same key. */
  ticks: (ticks: Tick[]) => void;
};

export type LiveClientEvents = {
  /** Starts watching `keys`; the answer holds the current quote of each key known now. */
  subscribe: (keys: string[], answer: (snapshot: Tick[]) => void) => void;
  unsubscribe: (keys: string[]) => void;
};
