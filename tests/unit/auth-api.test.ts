import { describe, expect, it } from "vitest";

import { sessionMiddleware } from "~/account/session.server";
import { refreshGraceSeconds, startSession } from "~/account/tokens.server";
import { createUser } from "~/account/users.server";
import { loader as meLoader } from "~/routes/auth-me";
import { action as refreshAction } from "~/routes/auth-refresh";

import { manualClock } from "../support/clock";
import { contextFor } from "../support/router-context";
import { createTestServices } from "../support/services";

const clock = manualClock();
const services = await createTestServices({ clock });
const { db, config } = services.platform;

async function newSession() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const user = await createUser(db, { email: `api-${suffix}@example.com`, name: "Api", nickname: `api_${suffix}` });
  return { user, ...(await startSession(db, user.id, { secret: config.sessionSecret, maxAgeMs: config.sessionMaxAgeMs }, clock.now())) };
}

async function refresh(body: unknown, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/auth/refresh", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const response = await refreshAction({ request, context: await contextFor(request, services), params: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** GET /auth/me with a Bearer access token, behind the session middleware. */
async function me(accessToken: string) {
  const request = new Request("http://localhost/auth/me", { headers: { Authorization: `Bearer ${accessToken}` } });
  const context = await contextFor(request, services);
  let answer: Response | undefined;
  await sessionMiddleware({ request, context, params: {} } as never, async () => {
    answer = meLoader({ request, context, params: {} } as never);
    return answer;
  });
  return { status: answer!.status, userId: answer!.ok ? ((await answer!.json()) as { user: { id: number } }).user.id : undefined };
}

describe("POST /auth/refresh and GET /auth/me", () => {
  it("trades a refresh token for a new pair, and the access token works as a Bearer on /auth routes", async () => {
    const { user, refreshToken } = await newSession();
    const answer = await refresh({ userId: user.id, refreshToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(await me(answer.body.accessToken)).toEqual({ status: 200, userId: user.id });
  });

  it("gives three parallel refreshes with one token the same new refresh token, and every answer works", async () => {
    const { user, refreshToken } = await newSession();
    const answers = await Promise.all([1, 2, 3].map(() => refresh({ userId: user.id, refreshToken })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const rotated = answers[0]!.body.refreshToken as string;
    expect(answers.map((answer) => answer.body.refreshToken)).toEqual([rotated, rotated, rotated]);
    for (const answer of answers) expect(await me(answer.body.accessToken)).toEqual({ status: 200, userId: user.id });
    const next = await refresh({ userId: user.id, refreshToken: rotated });
    expect(next.status).toBe(200);
    expect(await me(next.body.accessToken)).toEqual({ status: 200, userId: user.id });
  });

  it("answers 'Invalid refresh token' for a wrong, replayed or someone else's token", async () => {
    const { user, refreshToken } = await newSession();
    const other = await newSession();
    const wrongUser = await refresh({ userId: other.user.id, refreshToken }, { "Accept-Language": "en" });
    expect(wrongUser).toMatchObject({ status: 401, body: { message: "Invalid refresh token", status: 401 } });
    // That attempt spent the token: presenting it again once the grace window is over is a replay.
    clock.advance((refreshGraceSeconds + 1) * 1000);
    expect((await refresh({ userId: user.id, refreshToken })).status).toBe(401);
    expect((await refresh({ userId: user.id, refreshToken: "nope" })).status).toBe(401);
    expect((await refresh({ userId: "1" })).status).toBe(400);
  });
});
