/**
 * Issue 37: logs an operator can use and an instance that says whether it can serve. Requests
 * only, against instances of the built app of their own: it runs in the js-on project.
 */
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";

import { type AppServer, signUpPassword, startAppServer } from "../support/app-server";
import { createScratchDatabase, postgresBinDir, startPostgresServer } from "../support/postgres-server";

test.describe("operations", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js-on", "requests only: one run is enough");
  });

  let app: AppServer | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
    await app?.stop();
    app = undefined;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /**
   * Posts a registration the database refuses (`refuse` makes it so) and checks the log: every line
   * JSON, the failure and the request's line with its id, and nothing of what was posted.
   */
  async function expectRefusedRegistrationLoggedSafely(refuse: () => Promise<void>) {
    await refuse();
    const response = await fetch(`${app!.url}/register`, {
      method: "POST",
      headers: { Origin: app!.url, "X-Request-Id": "register-refused-1" },
      body: new URLSearchParams({
        email: "lena.prudente@example.org",
        name: "Lena Prudente",
        nickname: "lenaprudente",
        password: signUpPassword,
        confirmPassword: signUpPassword,
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Request-Id")).toBe("register-refused-1");

    const records = () =>
      app!
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => records().some((record) => record.msg === "request" && record.requestId === "register-refused-1")).toBe(true);

    const output = app!.output();
    for (const posted of ["lena.prudente@example.org", "Lena Prudente", "lenaprudente", "$argon2", signUpPassword]) {
      expect(output).not.toContain(posted);
    }
    for (const record of records()) {
      expect(record).toEqual(expect.objectContaining({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) }));
    }
    const ofRequest = records().filter((record) => record.requestId === "register-refused-1");
    expect(ofRequest).toContainEqual(expect.objectContaining({ level: "error", msg: expect.stringMatching(/^POST \/register failed: /) }));
    expect(ofRequest).toContainEqual(
      expect.objectContaining({ level: "info", msg: "request", method: "POST", route: "/register", path: "/register", status: 500 }),
    );
  }

  test("SQLite: a registration the database refuses logs no e-mail, name, nickname or hash; every line is JSON, the request's with its id", async () => {
    app = await startAppServer();
    // The INSERT of the new account fails in the database, as on a full or read-only disk.
    await expectRefusedRegistrationLoggedSafely(async () => {
      const db = new Database(app!.databasePath);
      db.exec(`create trigger refuse_accounts before insert on users begin select raise(abort, 'disk I/O error'); end`);
      db.close();
    });
  });

  test("PostgreSQL: a registration the database refuses logs neither the query's parameters nor the failing row", async () => {
    test.skip(!postgresBinDir(), "PostgreSQL is not installed");
    const postgres = await startPostgresServer();
    cleanups.push(() => postgres.stop());
    const databaseUrl = await createScratchDatabase(postgres.url);
    app = await startAppServer({ env: { DATABASE_URL: databaseUrl } });
    // Drizzle reports a failed query with its parameters, and PostgreSQL's error names the failing
    // row, e-mail and password hash included: the leak.
    await expectRefusedRegistrationLoggedSafely(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query("alter table users add constraint refuse_accounts check (false) not valid");
      await client.end();
    });
  });

  test("request lines name route patterns and new ids; metrics count them by route; /readyz says ready", async () => {
    app = await startAppServer({ env: { TRUST_PROXY: "loopback" } });
    const count = async (series: string) => {
      const text = await (await fetch(`${app!.url}/metrics`)).text();
      return Number(
        text
          .split("\n")
          .find((line) => line.startsWith(`${series} `))
          ?.split(" ")[1] ?? 0,
      );
    };
    const stockPages = 'http_requests_total{method="GET",route="/stocks/:ticker",status="200"}';
    const before = await count(stockPages);
    for (const ticker of ["PETR4", "VALE3", "PETR4"]) expect((await fetch(`${app.url}/stocks/${ticker}`)).status).toBe(200);
    await expect.poll(() => count(stockPages)).toBe(before + 3);
    // A kept page goes out before the router: it is counted all the same.
    const hits = await count("page_cache_hits_total");
    for (let visit = 0; visit < 2; visit++) expect((await fetch(`${app.url}/about-us`)).status).toBe(200);
    await expect.poll(() => count("page_cache_hits_total")).toBe(hits + 1);
    expect(await count('http_requests_total{method="GET",route="/about-us",status="200"}')).toBe(2);

    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.route === "/stocks/:ticker");
    expect(lines.map((record) => record.path)).toEqual(["/stocks/PETR4", "/stocks/VALE3", "/stocks/PETR4"]);
    expect(new Set(lines.map((record) => record.requestId)).size).toBe(3);
    for (const record of lines) expect(record.durationMs).toEqual(expect.any(Number));

    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    // Behind the proxy, a visitor from the internet reads no metrics.
    expect((await fetch(`${app.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(403);
  });

  test("realtime_sockets counts the browsers connected to the instance", async ({ page }) => {
    app = await startAppServer();
    const sockets = async () => {
      const text = await (await fetch(`${app!.url}/metrics`)).text();
      return Number(text.match(/^realtime_sockets (\d+)$/m)?.[1]);
    };
    expect(await sockets()).toBe(0);
    await page.goto(`${app.url}/cryptos`);
    await expect.poll(sockets).toBe(1);
    await page.close();
    await expect.poll(sockets).toBe(0);
  });
});
