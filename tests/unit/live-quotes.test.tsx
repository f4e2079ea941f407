// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { LiveKey, Tick } from "~/market/realtime/protocol";
import { liveProps, LiveQuotesProvider, movedWithPrice, useLiveQuote, widenedToPrice } from "~/ui/realtime/live-quotes";

/** socket.io-client's `io`, answering with a socket the test plays the server of. */
const fake = vi.hoisted(() => {
  const state = {
    options: [] as unknown[],
    sockets: [] as {
      connected: boolean;
      handlers: Record<string, ((...args: never[]) => void)[]>;
      emitted: { event: string; keys: string[]; answer?: (snapshot: unknown[]) => void }[];
      disconnected: boolean;
    }[],
  };
  const io = (options: unknown) => {
    state.options.push(options);
    const socket = {
      connected: false,
      disconnected: false,
      handlers: {} as Record<string, ((...args: never[]) => void)[]>,
      emitted: [] as { event: string; keys: string[]; answer?: (snapshot: unknown[]) => void }[],
      on(event: string, handler: (...args: never[]) => void) {
        (socket.handlers[event] ??= []).push(handler);
        return socket;
      },
      emit(event: string, keys: string[], answer?: (snapshot: unknown[]) => void) {
        socket.emitted.push({ event, keys, answer });
        return socket;
      },
      disconnect() {
        socket.disconnected = true;
      },
    };
    state.sockets.push(socket);
    return socket;
  };
  return { state, io };
});
vi.mock("socket.io-client", () => ({ io: fake.io }));

const key: LiveKey = "crypto:bitcoin:brl";

function Probe({ liveKey }: { liveKey: LiveKey | null }) {
  const live = useLiveQuote(liveKey, { price: 100, change: 1.5, volume: 7 });
  return (
    <p>
      <span {...liveProps(liveKey, live.flash, "numeric")}>{live.price}</span>
      <span data-testid="change">{live.change}</span>
      <span data-testid="volume">{live.volume}</span>
    </p>
  );
}

const page = (liveKey: LiveKey | null = key) => (
  <LiveQuotesProvider>
    <Probe liveKey={liveKey} />
  </LiveQuotesProvider>
);

let root: Root | undefined;
let element: HTMLElement | undefined;

async function hydrate(liveKey: LiveKey | null = key) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page(liveKey));
  document.body.append(container);
  element = container;
  await act(async () => {
    root = hydrateRoot(container, page(liveKey));
  });
}

/** Runs the timers (the idle wait, the flash) and what their promises start. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const socket = () => {
  const last = fake.state.sockets.at(-1);
  if (!last) throw new Error("no socket was opened");
  return last;
};

function serve(event: "connect" | "ticks", ...args: unknown[]) {
  act(() => {
    if (event === "connect") socket().connected = true;
    for (const handler of socket().handlers[event] ?? []) (handler as (...values: unknown[]) => void)(...args);
  });
}

const query = (selector: string) => element?.querySelector(selector);
const priceElement = () => query(`[data-live-key="${key}"]`);
const tick = (price: number, time: number): Tick => ({ key, price, change: -2, volume: 9, time });

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

beforeEach(() => {
  vi.useFakeTimers();
  fake.state.sockets = [];
  fake.state.options = [];
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  element?.remove();
  vi.useRealTimers();
});

describe("live quotes in the browser", () => {
  it("renders the server's quote with only a data attribute added", () => {
    expect(renderToString(page())).toBe(
      `<p><span data-live-key="${key}" class="numeric">100</span><span data-testid="change">1.5</span><span data-testid="volume">7</span></p>`,
    );
  });

  it("connects once the hydrated page is idle, with the spec's settings, and subscribes what is on screen", async () => {
    await hydrate();
    expect(fake.state.sockets).toEqual([]);
    await wait(1000);
    expect(fake.state.options).toEqual([
      {
        withCredentials: true,
        transports: ["polling", "websocket", "webtransport"],
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        timeout: 20000,
        // The connection's own key, by which a proxy keeps it on one instance (deploy/nginx).
        query: { affinity: expect.stringMatching(/^[a-z0-9]+$/) },
      },
    ]);
    expect(socket().emitted).toEqual([]);
    serve("connect");
    expect(socket().emitted.map(({ event, keys }) => ({ event, keys }))).toEqual([{ event: "subscribe", keys: [key] }]);
  });

  it("shows the subscribe answer, then each tick, flashing the way the price moved for 800 ms", async () => {
    await hydrate();
    await wait(1000);
    serve("connect");
    act(() => socket().emitted[0]?.answer?.([tick(120, 1)]));
    expect(priceElement()?.textContent).toBe("120");
    expect(priceElement()?.className).toBe("numeric");
    expect(query('[data-testid="change"]')?.textContent).toBe("-2");
    expect(query('[data-testid="volume"]')?.textContent).toBe("9");
    serve("ticks", [tick(110, 2)]);
    expect(priceElement()?.textContent).toBe("110");
    expect(priceElement()?.className).toBe("numeric live-flash live-flash--down");
    await wait(799);
    expect(priceElement()?.className).toBe("numeric live-flash live-flash--down");
    await wait(1);
    expect(priceElement()?.className).toBe("numeric");
    serve("ticks", [tick(130, 3)]);
    expect(priceElement()?.className).toBe("numeric live-flash live-flash--up");
  });

  it("resubscribes after a reconnect and closes the socket when the app goes", async () => {
    await hydrate();
    await wait(1000);
    serve("connect");
    socket().connected = false;
    serve("connect");
    expect(socket().emitted.map(({ keys }) => keys)).toEqual([[key], [key]]);
    act(() => root?.unmount());
    root = undefined;
    expect(socket().disconnected).toBe(true);
  });

  it("opens no socket for a page with nothing live (a null key)", async () => {
    const before = fake.state.sockets.length;
    await hydrate(null);
    await wait(5000);
    expect(fake.state.sockets).toHaveLength(before);
    expect(query("[data-live-key]")).toBeNull();
  });
});

describe("figures that follow the live price", () => {
  it("moves a market cap with the price, rounded as the server's quote board does, and leaves it as rendered before a tick", () => {
    expect(movedWithPrice(1_000_001, 100, 101)).toBe(1_010_001);
    expect(movedWithPrice(1_000_000.4, 100, 100)).toBe(1_000_000.4);
    expect(movedWithPrice(null, 100, 101)).toBeNull();
    expect(movedWithPrice(500, null, 101)).toBe(500);
  });
  it("widens the day's range to hold the live price", () => {
    expect(widenedToPrice(110, 90, 112)).toEqual({ high: 112, low: 90 });
    expect(widenedToPrice(110, 90, 85)).toEqual({ high: 110, low: 85 });
    expect(widenedToPrice(null, 90, 100)).toEqual({ high: null, low: 90 });
  });
});
