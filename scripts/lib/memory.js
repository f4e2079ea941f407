// Where a server's memory goes: what each group of modules costs to load (imported one group after
// another in a fresh Node, after collecting the garbage each time), and the running server's own
// reading of its heap (scripts/lib/memory-probe.js, preloaded into the benched server).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

import { projectRoot } from "./servers.js";

/**
 * Asks a server started with `startRealApp({ memoryProbe: true })` for its memory after a garbage
 * collection: RSS, heap used and total, V8's spaces (bytes).
 */
export async function readMemoryProbe(server) {
  const file = server.memoryProbeFile;
  if (!file) throw new Error(`${server.name} was started without the memory probe`);
  const asked = Date.now();
  process.kill(server.pid, "SIGUSR2");
  for (const deadline = asked + 10_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!existsSync(file)) continue;
    const reading = JSON.parse(readFileSync(file, "utf8"));
    if (reading.at >= asked) return reading;
  }
  throw new Error("The server did not answer the memory probe");
}

/**
 * What the server loads at start, in the order it is measured; each group's cost is on top of the
 * ones before. The last two are loaded only on first use (a password checked, markup sanitised).
 */
const moduleGroups = [
  {
    name: "React, React Router, Express, socket.io, zod",
    modules: ["react", "react-dom/server", "react-router", "express", "socket.io", "zod"],
  },
  { name: "the SQLite driver and Drizzle", modules: ["better-sqlite3", "drizzle-orm"] },
  {
    name: "i18n, Markdown, auth, QR codes, argon2",
    modules: ["i18next", "react-i18next", "remix-i18next/server", "marked", "remix-auth-oauth2", "qrcode", "otpauth", "@node-rs/argon2"],
  },
  { name: "the server build (the app, with Mantine and the icons it draws)", modules: ["./build/server/index.js"] },
  {
    name: "in the password-check thread, from a check until 5 s after the last: zxcvbn's dictionaries",
    modules: [
      "@zxcvbn-ts/core",
      "@zxcvbn-ts/language-common",
      "@zxcvbn-ts/language-en",
      "@zxcvbn-ts/language-pt-br",
      "@zxcvbn-ts/language-es-es",
    ],
    onDemand: true,
  },
  { name: "on first markup to sanitise: DOMPurify's jsdom", modules: ["isomorphic-dompurify"], onDemand: true },
  {
    name: "with DATABASE_URL or REDIS_URL: pg, ioredis, the socket.io Redis adapter",
    modules: ["pg", "drizzle-orm/node-postgres", "ioredis", "@socket.io/redis-adapter"],
    onDemand: true,
  },
];

const measureScript = `
const groups = JSON.parse(process.argv[1]);
const reading = () => { gc(); gc(); const { rss, heapUsed } = process.memoryUsage(); return { rss, heapUsed }; };
const results = [{ name: "node itself", ...reading() }];
for (const group of groups) {
  for (const name of group.modules) await import(name.startsWith(".") ? new URL(name, "file://${projectRoot}/").href : name);
  results.push({ name: group.name, onDemand: Boolean(group.onDemand), ...reading() });
}
console.log(JSON.stringify(results));
`;

/** Each group's cost in bytes of RSS and of heap used, measured in a fresh Node started in the project. */
export async function moduleCosts() {
  const child = spawn(process.execPath, ["--expose-gc", "--input-type=module", "-e", measureScript, JSON.stringify(moduleGroups)], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (errors += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Measuring the modules' memory failed:\n${errors}`);
  const readings = JSON.parse(output.trim().split("\n").at(-1) ?? "[]");
  return readings.map((reading, index) => ({
    name: reading.name,
    onDemand: reading.onDemand ?? false,
    rss: reading.rss - (readings[index - 1]?.rss ?? 0),
    heapUsed: reading.heapUsed - (readings[index - 1]?.heapUsed ?? 0),
  }));
}
