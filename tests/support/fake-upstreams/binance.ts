/**
 * A local fake of Binance's public market streams (wss://stream.binance.com:9443), over real
 * sockets on 127.0.0.1 (random port). It speaks the combined endpoint as documented in
 * binance/binance-spot-api-docs web-socket-streams.md: SUBSCRIBE / UNSUBSCRIBE answered with
 * {"result":null,"id":N}, events wrapped as {"stream":"<name>","data":<payload>}, only for the
 * streams a connection subscribed, and the connection dropped past 5 incoming messages a second.
 *
 *   const fake = await startFakeBinance();
 *   const stream = createBinanceStream({ url: fake.url, ... });
 *   await fake.until(() => fake.connections[0]?.requests[0], "a SUBSCRIBE");
 *   fake.miniTicker("btcbrl", { c: "350000.00" });
 *   await fake.close();
 */
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";

import { type WebSocket, WebSocketServer } from "ws";

type ControlRequest = { method: string; params: string[]; id: unknown; at: number };

export type FakeBinanceConnection = {
  socket: WebSocket;
  path: string;
  requests: ControlRequest[];
  /** The streams this connection listens to now. */
  streams: Set<string>;
  /** The close code the fake saw, once closed. */
  closeCode?: number;
};

/** A real miniTicker payload (the docs' example fields, a BTCBRL market); `fields` override. */
export function miniTickerPayload(pair: string, fields: Record<string, unknown> = {}) {
  return {
    e: "24hrMiniTicker",
    E: 1767625200000,
    s: pair.toUpperCase(),
    c: "350000.00000000",
    o: "340000.00000000",
    h: "351200.00000000",
    l: "338950.00000000",
    v: "12.34500000",
    q: "4200000.12000000",
    ...fields,
  };
}

export async function startFakeBinance() {
  const changes = new EventEmitter();
  const notify = () => changes.emit("change");
  const connections: FakeBinanceConnection[] = [];
  /** Handshakes seen, refused ones included, with when they came. */
  const attempts: number[] = [];
  let refuseWith: number | undefined;
  let acknowledge = true;

  const wss = new WebSocketServer({
    port: 0,
    host: "127.0.0.1",
    verifyClient: (_info, done) => {
      attempts.push(performance.now());
      notify();
      if (refuseWith === undefined) done(true);
      else done(false, refuseWith, refuseWith === 451 ? "Unavailable For Legal Reasons" : "Refused");
    },
  });
  await new Promise<void>((resolve) => wss.once("listening", resolve));

  wss.on("connection", (socket, request) => {
    const connection: FakeBinanceConnection = { socket, path: request.url ?? "", requests: [], streams: new Set() };
    connections.push(connection);
    socket.on("message", (raw, isBinary) => {
      const at = performance.now();
      const recent = connection.requests.filter((seen) => at - seen.at < 1000).length;
      if (recent >= 5) {
        // "A connection that goes beyond the limit will be disconnected."
        socket.close(1008, "Too many requests");
        return;
      }
      if (isBinary) return;
      const request = JSON.parse(raw.toString()) as Omit<ControlRequest, "at">;
      connection.requests.push({ ...request, at });
      for (const stream of request.params) {
        if (request.method === "SUBSCRIBE") connection.streams.add(stream);
        if (request.method === "UNSUBSCRIBE") connection.streams.delete(stream);
      }
      if (acknowledge) socket.send(JSON.stringify({ result: null, id: request.id }));
      notify();
    });
    socket.on("close", (code) => {
      connection.closeCode = code;
      notify();
    });
    notify();
  });

  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections,
    attempts,
    /** Answers every later handshake with this HTTP status (451: a restricted location), or accepts again. */
    refuse(status: number | undefined) {
      refuseWith = status;
    },
    /** Whether SUBSCRIBE / UNSUBSCRIBE get their {"result":null} answer. */
    acknowledge(on: boolean) {
      acknowledge = on;
    },
    /** The newest connection that is still open. */
    current(): FakeBinanceConnection | undefined {
      return connections.findLast((connection) => connection.closeCode === undefined);
    },
    /** Sends a frame (text, buffer or JSON) on every open connection. */
    sendAll(frame: unknown) {
      const data = typeof frame === "string" || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame);
      for (const connection of connections) if (connection.closeCode === undefined) connection.socket.send(data);
    },
    /** Pushes a miniTicker event of `pair` to the connections subscribed to it, as Binance does. */
    miniTicker(pair: string, fields: Record<string, unknown> = {}) {
      const stream = `${pair}@miniTicker`;
      const frame = JSON.stringify({ stream, data: miniTickerPayload(pair, fields) });
      for (const connection of connections) {
        if (connection.closeCode === undefined && connection.streams.has(stream)) connection.socket.send(frame);
      }
    },
    /** Tells waiters to look again (for conditions the fake cannot see, such as ticks received). */
    notify,
    /**
     * Resolves with the first truthy value of `check`, looked at again on every change the fake
     * sees (and every 20 ms for the rest); fails after `timeoutMs`.
     */
    until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 5000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const look = () => {
          const value = check();
          if (!value) return;
          finish();
          resolve(value);
        };
        const poll = setInterval(look, 20);
        const timeout = setTimeout(() => {
          finish();
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        const finish = () => {
          clearInterval(poll);
          clearTimeout(timeout);
          changes.off("change", look);
        };
        changes.on("change", look);
        look();
      });
    },
    async close() {
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type FakeBinance = Awaited<ReturnType<typeof startFakeBinance>>;
