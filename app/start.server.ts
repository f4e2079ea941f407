/**
 * What server.js starts, and the server build's one entry: the composition root's services and the
 * HTTP edge's Express app, joined here so that the edge never imports the root (or, through it,
 * the features) and the root never imports the edge.
 */
import * as serverBuild from "virtual:react-router/server-build";

import { missingAdministratorNotice } from "./account/admins.server";
import { createApp as createEdgeApp, createServerHandler } from "./server";
import { createServices, loadConfig, provideServices, type Services } from "./services.server";

export { createServerHandler };
export { startRealtime } from "./services.server";

/**
 * Validates the configuration in `environment` and builds the services (the database migrated)
 * before the first request is accepted. `appDir` is where server.js is: the build is bundled into
 * build/server, so the app cannot tell.
 */
export async function startup({ appDir, environment }: { appDir: string; environment: Record<string, string | undefined> }) {
  return createServices(loadConfig(environment, appDir), serverBuild.routes);
}

/** The Express app that answers every request with `services`. */
export function createApp({ services, clientDir }: { services: Services; clientDir?: string }) {
  return createEdgeApp({ services, clientDir, provideServices: (context) => provideServices(context, services) });
}

/** What an operator should hear once the server listens (an instance nobody administers yet). */
export async function startupNotices(services: Services): Promise<string[]> {
  const notice = await missingAdministratorNotice(services.platform.db);
  return notice === null ? [] : [notice];
}

/** After the last answer: what is counted in memory is written, then the database is closed (its WAL goes back into the file). */
export async function shutdown(services: Services) {
  await services.close();
}
