// Serves the built bare app the way server.js serves the real one: Express, compression,
// static assets, then the React Router request handler. BARE_APP_BUILD_DIR names the build.
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const buildDir = path.resolve(process.env.BARE_APP_BUILD_DIR ?? new URL("build", import.meta.url).pathname);
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3000);
app.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`bare app on ${port}`));
