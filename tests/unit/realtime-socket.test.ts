import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";

import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";

import type { LiveHub, TickOutlet } from "~/market/realtime/hub.server";
import {
  type LiveClientEvents,
  type LiveKey,
  type LiveServerEvents,
  maxLiveKeysPerConnection,
  type Tick,
} from "~/market/realtime/protocol";
import { attachRealtime, isOwnOrigin, type RealtimeChannel } from "~/market/realtime/socket.server";
import { memoryLogger } from "~/platform/logger.server";

/** A hub that records what the socket layer asks of it, and lets a test push ticks out. */
function fakeHub() {
  const calls: string[] = [];
  let outlet: TickOutlet | undefined;
  const hub: LiveHub = {
    watch: (key) => void calls.push(`watch ${key}`),
    unwatch: (key) => void calls.push(`unwatch ${key}`),
    snapshot: (keys) => keys.map((key) => ({ key, price: 10, change: 1, volume: 5, time: 1000 })),
    receive: () => undefined,
    attach(connected) {
      outlet = connected;
      return () => (outlet = undefined);
    },
    close: async () => undefined,
  };
  return { hub, calls, deliver: (ticks: Tick[]) => outlet?.deliver(ticks) };
}

type Client = Socket<LiveServerEvents, LiveClientEvents>;
const servers: { http: HttpServer; channel: RealtimeChannel }[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const { channel } of servers.splice(0)) await channel.close();
});

async function startServer(userOf: (cookie: string | undefined) => Promise<number | null> = async () => null) {
  const fake = fakeHub();
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const channel = await attachRealtime(http, {
    hub: fake.hub,
    publicUrl: "https://market.example",
    redisUrl: undefined,
    logger: memoryLogger(),
    userOf,
  });
  servers.push({ http, channel });
  return { ...fake, url };
}

async function client(url: string, options: Parameters<typeof connect>[1] = {}): Promise<Client> {
  const socket: Client = connect(url, { transports: ["websocket"], reconnection: false, ...options });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

const subscribe = (socket: Client, keys: unknown[]): Promise<Tick[]> => socket.timeout(5000).emitWithAck("subscribe", keys as string[]);
/** Lets the server handle what was sent before: an acknowledged round trip after it. */
const settle = (socket: Client) => subscribe(socket, []);

describe("realtime socket", () => {
  it("starts a key's source with its first watcher on the instance and stops it with its last", async () => {
    const server = await startServer();
    const first = await client(server.url);
    const second = await client(server.url);
    const snapshot = await subscribe(first, ["crypto:bitcoin:brl", "stock:PETR4"]);
    expect(snapshot.map((tick) => tick.key)).toEqual(["crypto:bitcoin:brl", "stock:PETR4"]);
    await subscribe(second, ["crypto:bitcoin:brl"]);
    expect(server.calls).toEqual(["watch crypto:bitcoin:brl", "watch stock:PETR4"]);

    first.emit("unsubscribe", ["crypto:bitcoin:brl"]);
    await settle(first);
    expect(server.calls).toHaveLength(2);
    second.disconnect();
    await settle(first);
    expect(server.calls.slice(2)).toEqual(["unwatch crypto:bitcoin:brl"]);
    first.emit("unsubscribe", ["stock:PETR4"]);
    await settle(first);
    expect(server.calls.slice(3)).toEqual(["unwatch stock:PETR4"]);
  });

  it("sends a tick only to the browsers watching its key", async () => {
    const server = await startServer();
    const watcher = await client(server.url);
    const other = await client(server.url);
    await subscribe(watcher, ["stock:VALE3"]);
    await subscribe(other, ["stock:PETR4"]);
    const received: Tick[] = [];
    other.on("ticks", (ticks) => received.push(...ticks));
    const arrived = new Promise<Tick[]>((resolve) => watcher.once("ticks", resolve));
    server.deliver([{ key: "stock:VALE3", price: 61.2, change: -0.4, volume: 1200, time: 2000 }]);
    expect(await arrived).toEqual([{ key: "stock:VALE3", price: 61.2, change: -0.4, volume: 1200, time: 2000 }]);
    await settle(other);
    expect(received).toEqual([]);
  });

  it("ignores what is not a live key, and caps how many keys one connection watches", async () => {
    const server = await startServer();
    const socket = await client(server.url);
    const snapshot = await subscribe(socket, ["stock:petr4", "crypto:bitcoin:xyz", "../etc", 42, null, { key: "x" }, "stock:PETR4"]);
    expect(snapshot.map((tick) => tick.key)).toEqual(["stock:PETR4"]);
    const many = Array.from({ length: maxLiveKeysPerConnection + 50 }, (_, index) => `crypto:coin-${index}:usd`);
    const accepted = await subscribe(socket, many);
    expect(accepted).toHaveLength(maxLiveKeysPerConnection - 1);
    // Not an array at all: nothing happens, and the connection stays usable.
    socket.emit("unsubscribe", "stock:PETR4" as unknown as string[]);
    expect(await subscribe(socket, ["stock:ITUB4"])).toEqual([]);
  });

  it("lets signed-in visitors watch more keys", async () => {
    const server = await startServer(async (cookie) => (cookie?.includes("access_token=valid") ? 7 : null));
    const socket = await client(server.url, { extraHeaders: { Cookie: "access_token=valid" } });
    const many = Array.from({ length: maxLiveKeysPerConnection + 50 }, (_, index) => `crypto:coin-${index}:usd` as LiveKey);
    expect(await subscribe(socket, many)).toHaveLength(maxLiveKeysPerConnection + 50);
  });

  it("refuses a page of another site", async () => {
    const server = await startServer();
    await expect(client(server.url, { extraHeaders: { Origin: "https://evil.example" } })).rejects.toThrow();
    await expect(client(server.url, { transports: ["polling"], extraHeaders: { Origin: "https://evil.example" } })).rejects.toThrow();
    const own = await client(server.url, { transports: ["polling"], extraHeaders: { Origin: "https://market.example" } });
    expect(own.connected).toBe(true);
  });
});

describe("isOwnOrigin", () => {
  const request = (headers: Record<string, string>) => ({ headers });
  it("accepts the public address, the address the request was sent to, and clients that name no page", () => {
    expect(isOwnOrigin(request({ origin: "https://market.example" }), "https://market.example")).toBe(true);
    expect(isOwnOrigin(request({ origin: "http://10.0.0.5:3000", host: "10.0.0.5:3000" }), "https://market.example")).toBe(true);
    expect(isOwnOrigin(request({ host: "market.example" }), "https://market.example")).toBe(true);
  });
  it("refuses other sites and opaque origins", () => {
    expect(isOwnOrigin(request({ origin: "https://evil.example", host: "market.example" }), "https://market.example")).toBe(false);
    expect(isOwnOrigin(request({ origin: "null", host: "market.example" }), "https://market.example")).toBe(false);
  });
});
