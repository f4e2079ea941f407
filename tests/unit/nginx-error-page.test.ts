/**
 * The reference nginx configuration (deploy/nginx/market-analytics.conf), run for real in front of
 * instances that do not answer: visitors get the app's brand in its three languages, not nginx's
 * bare English page, with the status nginx chose.
 */
import { createServer } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findExecutable, startNginx } from "../../scripts/lib/system-services.js";

/** A loopback address nothing listens on. */
async function closedAddress() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `127.0.0.1:${port}`;
}

describe.skipIf(!findExecutable("nginx"))("nginx's own error page (no instance answers)", () => {
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  beforeAll(async () => {
    nginx = await startNginx({ upstreams: [await closedAddress()] });
  });
  afterAll(() => nginx?.stop());

  it("is the branded page in pt-BR, en and es, with nginx's status", async () => {
    const response = await fetch(`${nginx.url}/stocks/PETR4`);
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("retry-after")).toBe("30");
    const page = await response.text();
    expect(page).toContain('<html lang="pt-BR">');
    for (const text of ["Market Analytics", "Estamos indisponíveis no momento", "We are unavailable right now", "No estamos disponibles"]) {
      expect(page).toContain(text);
    }
  });

  it("cannot be asked for directly", async () => {
    expect((await fetch(`${nginx.url}/unavailable.html`)).status).toBe(404);
  });
});
