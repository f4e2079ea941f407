import type { LiveKey, Tick } from "~/market/realtime/protocol";

/** Which way the last tick moved a key's price, while its flash lasts. */
export type Flash = "up" | "down";

/** A key's newest tick, and the flash its last price move started (null once it has faded). */
export type LiveEntry = { tick: Tick; flash: Flash | null };

/** What the store needs of a socket.io client socket: typed loosely enough for a fake in tests. */
export type LiveSocket = {
  readonly connected: boolean;
  on(event: "connect", listener: () => void): unknown;
  on(event: "ticks", listener: (ticks: Tick[]) => void): unknown;
  emit(event: "subscribe", keys: string[], answer: (snapshot: Tick[]) => void): unknown;
  emit(event: "unsubscribe", keys: string[]): unknown;
};

export type LiveStoreOptions = {
  /** Defers the sending of a burst of watch/unwatch calls so they leave as one message each. */
  schedule?: (task: () => void) => void;
  /** How long a price move's flash lasts. */
  flashMs?: number;
};

export type LiveStore = ReturnType<typeof createLiveStore>;

/**
 * The browser's live quotes: which keys components on screen watch (ref-counted), what the server
 * has been asked for on the current connection, and the newest tick of each watched key.
 * A burst of watches and unwatches (a page change, a table re-sorting) becomes one `subscribe` and
 * one `unsubscribe` holding only the net difference.
 */
export function createLiveStore({ schedule = queueMicrotask, flashMs = 800 }: LiveStoreOptions = {}) {
  const watchers = new Map<LiveKey, number>();
  const listeners = new Map<LiveKey, Set<() => void>>();
  const entries = new Map<LiveKey, LiveEntry>();
  const flashTimers = new Map<LiveKey, ReturnType<typeof setTimeout>>();
  /** The keys the server knows this connection watches. */
  const sent = new Set<LiveKey>();
  let socket: LiveSocket | null = null;
  let flushPending = false;
  /** Waits for the first watcher: a page without live quotes opens no socket. */
  let onFirstWatch: (() => void) | undefined;

  function notify(key: LiveKey) {
    for (const listener of listeners.get(key) ?? []) listener();
  }

  function setEntry(key: LiveKey, entry: LiveEntry | undefined) {
    if (entry) entries.set(key, entry);
    else entries.delete(key);
    notify(key);
  }

  function forget(key: LiveKey) {
    clearTimeout(flashTimers.get(key));
    flashTimers.delete(key);
    // A later visit starts from its page's own, fresher, server-rendered quote.
    if (entries.has(key)) setEntry(key, undefined);
  }

  function apply(ticks: readonly Tick[]) {
    for (const tick of ticks) {
      // The server may answer for a key the page has stopped watching since it asked.
      if (!watchers.has(tick.key)) continue;
      const previous = entries.get(tick.key);
      if (previous && tick.time <= previous.tick.time) continue;
      const moved = previous && tick.price !== previous.tick.price;
      if (!moved) {
        setEntry(tick.key, { tick, flash: previous?.flash ?? null });
        continue;
      }
      const flash: Flash = tick.price > previous.tick.price ? "up" : "down";
      setEntry(tick.key, { tick, flash });
      clearTimeout(flashTimers.get(tick.key));
      flashTimers.set(
        tick.key,
        setTimeout(() => {
          flashTimers.delete(tick.key);
          const current = entries.get(tick.key);
          if (current) setEntry(tick.key, { ...current, flash: null });
        }, flashMs),
      );
    }
  }

  /** Tells the server the difference between what is watched and what it was told. */
  function flush() {
    flushPending = false;
    if (!socket?.connected) return;
    const added = [...watchers.keys()].filter((key) => !sent.has(key));
    const removed = [...sent].filter((key) => !watchers.has(key));
    for (const key of added) sent.add(key);
    for (const key of removed) sent.delete(key);
    if (added.length > 0) socket.emit("subscribe", added, apply);
    if (removed.length > 0) socket.emit("unsubscribe", removed);
  }

  function scheduleFlush() {
    if (flushPending) return;
    flushPending = true;
    schedule(flush);
  }

  return {
    /** Counts one more watcher of `key` until the returned function is called. */
    watch(key: LiveKey): () => void {
      watchers.set(key, (watchers.get(key) ?? 0) + 1);
      const first = onFirstWatch;
      onFirstWatch = undefined;
      first?.();
      scheduleFlush();
      let watching = true;
      return () => {
        if (!watching) return;
        watching = false;
        const count = (watchers.get(key) ?? 1) - 1;
        if (count > 0) {
          watchers.set(key, count);
          return;
        }
        watchers.delete(key);
        forget(key);
        scheduleFlush();
      };
    },

    /** Calls `listener` whenever `key`'s entry changes (for useSyncExternalStore). */
    listen(key: LiveKey, listener: () => void): () => void {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },

    get(key: LiveKey): LiveEntry | undefined {
      return entries.get(key);
    },

    /**
     * Starts using `socket`. Every connection, the first or one after a server restart or a
     * network drop, starts with a server that knows nothing of this page: it is told every key.
     */
    attach(next: LiveSocket) {
      socket = next;
      next.on("connect", () => {
        if (socket !== next) return;
        sent.clear();
        flush();
      });
      next.on("ticks", (ticks) => {
        if (socket === next) apply(ticks);
      });
      if (next.connected) flush();
    },

    /** Runs `task` once something is watched (at once if something is); returns a cancel. */
    whenWatched(task: () => void): () => void {
      if (watchers.size > 0) {
        task();
        return () => {};
      }
      onFirstWatch = task;
      return () => {
        if (onFirstWatch === task) onFirstWatch = undefined;
      };
    },

    /** Stops using the socket and its timers (the provider unmounting). */
    detach() {
      socket = null;
      sent.clear();
      for (const timer of flashTimers.values()) clearTimeout(timer);
      flashTimers.clear();
    },
  };
}
