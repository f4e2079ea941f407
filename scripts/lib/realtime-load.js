import { io } from "socket.io-client";

/**
 * `clients` socket.io clients on `baseUrl`, each watching `keysPerClient` of `keys`, as browsers on
 * the market pages do. Every tick's latency is its arrival time minus the moment it was made
 * (the server publishes a demo tick at the instant it names, on its grid).
 */
export async function connectWatchers(baseUrl, { clients, keys, keysPerClient, connectConcurrency = 50 }) {
  const sockets = [];
  const latencies = [];
  const problems = { connectErrors: 0, disconnects: 0 };
  let recording = false;
  const connectOne = async (index) => {
    const socket = io(baseUrl, { transports: ["websocket"], reconnection: false, timeout: 20_000 });
    sockets.push(socket);
    socket.on("ticks", (ticks) => {
      if (!recording) return;
      const arrived = Date.now();
      for (const tick of ticks) latencies.push(arrived - tick.time);
    });
    socket.on("disconnect", () => problems.disconnects++);
    await new Promise((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    }).catch(() => problems.connectErrors++);
    const watched = Array.from({ length: keysPerClient }, (_, offset) => keys[(index * 7 + offset * 13) % keys.length]);
    await socket.timeout(20_000).emitWithAck("subscribe", watched);
  };
  for (let first = 0; first < clients; first += connectConcurrency) {
    await Promise.all(Array.from({ length: Math.min(connectConcurrency, clients - first) }, (_, offset) => connectOne(first + offset)));
  }
  return {
    connected: () => sockets.filter((socket) => socket.connected).length,
    record: (on) => (recording = on),
    latencies,
    problems,
    close() {
      for (const socket of sockets) {
        socket.off("disconnect");
        socket.disconnect();
      }
    },
  };
}
