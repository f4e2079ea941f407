// The fake OAuth provider as a process, for Playwright's webServer: `npx tsx tests/support/fake-oauth-server.ts`.
import { startFakeOAuth } from "./fake-oauth";

const fake = await startFakeOAuth({ port: Number(process.env.FAKE_OAUTH_PORT ?? 4174) });
console.log(`fake OAuth provider listening on ${fake.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void fake.close().finally(() => process.exit(0)));
}
