import { createContext, type ReactNode, useCallback, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";

import type { LiveClientEvents, LiveKey, LiveServerEvents } from "~/market/realtime/protocol";

import { createLiveStore, type Flash, type LiveStore } from "./live-store";

import "./live-quotes.css";

const LiveStoreContext = createContext<LiveStore | null>(null);

/** The spec's socket settings, spelled out rather than left to socket.io's defaults (they are the same). */
const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  withCredentials: true,
  // socket.io upgrades from polling by itself, and stays on it where a proxy blocks WebSocket.
  transports: ["polling", "websocket", "webtransport"],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
};

/** Runs `task` once the browser has nothing better to do (or after a while regardless); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1000);
  return () => clearTimeout(handle);
}

/**
 * Carries live ticks to every `useLiveQuote` below it. The socket client is a lazy chunk fetched
 * once the hydrated page is idle and shows a live quote, so it never weighs on a page's first load
 * and a page without quotes opens no socket; until then, and for good without JavaScript, every
 * quote is the one the server rendered.
 */
export function LiveQuotesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveStore);
  useEffect(() => {
    let stopped = false;
    let disconnect: (() => void) | undefined;
    let cancelWait: (() => void) | undefined;
    const connect = () => {
      import("socket.io-client")
        .then(({ io }) => {
          if (stopped) return;
          // A key of this page's own, sent with every request of the connection: a proxy in front of
          // several instances keeps the connection on one by it (deploy/nginx), and spreads the
          // browsers of one office or one carrier's NAT over all of them. Not a secret.
          const affinity = Math.random().toString(36).slice(2);
          const socket: Socket<LiveServerEvents, LiveClientEvents> = io({ ...socketOptions, query: { affinity } });
          store.attach(socket);
          disconnect = () => socket.disconnect();
        })
        .catch(() => {
          // Offline or the chunk is gone (a new deployment): the page keeps its rendered quotes.
        });
    };
    const cancelIdle = whenIdle(() => {
      cancelWait = store.whenWatched(connect);
    });
    return () => {
      stopped = true;
      cancelIdle();
      cancelWait?.();
      store.detach();
      disconnect?.();
    };
  }, [store]);
  return <LiveStoreContext value={store}>{children}</LiveStoreContext>;
}

export type LiveQuoteValues = { price: number | null; change: number | null; volume?: number | null };

export type LiveQuote = {
  price: number | null;
  change: number | null;
  volume: number | null;
  /** When the shown price was observed (ms since the epoch); null while it is the rendered one. */
  time: number | null;
  flash: Flash | null;
};

const noEntry = () => undefined;

/**
 * `initial` (what the server rendered) until the first tick of `key` arrives, then the newest tick,
 * with `flash` set for a moment after a tick moves the price. A null key is never watched.
 */
export function useLiveQuote(key: LiveKey | null, initial: LiveQuoteValues): LiveQuote {
  const store = useContext(LiveStoreContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!store || !key) return () => {};
      const stopListening = store.listen(key, onChange);
      const unwatch = store.watch(key);
      return () => {
        stopListening();
        unwatch();
      };
    },
    [store, key],
  );
  const getEntry = useCallback(() => (store && key ? store.get(key) : undefined), [store, key]);
  // The server snapshot is "nothing yet": hydration matches the rendered HTML, then ticks take over.
  const entry = useSyncExternalStore(subscribe, getEntry, noEntry);
  const tick = entry?.tick;
  return {
    price: tick?.price ?? initial.price,
    // A tick that does not know the change or volume leaves the last known one.
    change: tick?.change ?? initial.change,
    volume: tick?.volume ?? initial.volume ?? null,
    time: tick?.time ?? null,
    flash: entry?.flash ?? null,
  };
}

/**
 * The attributes that make an element a live value: its key (for tests and styles) and, for a
 * moment after a price move, the flash class. Nothing else changes, so the server's HTML is the
 * same as before but for the data attribute.
 */
export function liveProps(key: LiveKey | null, flash: Flash | null, className?: string) {
  const classes = [className, flash && `live-flash live-flash--${flash}`].filter(Boolean).join(" ");
  return { "data-live-key": key ?? undefined, className: classes || undefined };
}

/**
 * A figure proportional to the price (a market cap) at the live price: the server's quote board
 * moves it the same way, so a reload shows what the page shows.
 */
export function movedWithPrice(value: number | null, renderedPrice: number | null, livePrice: number | null): number | null {
  if (value === null || !renderedPrice || livePrice === null || livePrice === renderedPrice) return value;
  return Math.round((value * livePrice) / renderedPrice);
}

/** The day's high and low, widened to hold the live price, as the server's quote board does. */
export function widenedToPrice(high: number | null, low: number | null, livePrice: number | null) {
  if (livePrice === null) return { high, low };
  return { high: high === null ? null : Math.max(high, livePrice), low: low === null ? null : Math.min(low, livePrice) };
}
