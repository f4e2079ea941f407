import { describe, expect, it } from "vitest";

import { publicReadCors } from "~/platform/cors.server";
import { parseEnv } from "~/platform/env.server";

const exposed = ["X-Data-Source", "X-Total-Count"];

/** Runs the middleware as React Router would, with a route that answers `answer`. */
async function through(
  allowed: string[],
  request: Request,
  answer = () => Response.json({ ok: true }, { headers: { Vary: "Accept-Language, Cookie" } }),
) {
  let reachedRoute = false;
  const middleware = publicReadCors(exposed, () => allowed);
  const response = await middleware({ request } as never, async () => {
    reachedRoute = true;
    return answer();
  });
  return { response: response as Response, reachedRoute };
}

const get = (origin?: string) => new Request("http://localhost/proxy/stocks", { headers: origin ? { Origin: origin } : {} });
const preflight = (origin: string) =>
  new Request("http://localhost/proxy/stocks", {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "content-type, accept" },
  });

describe("API_CORS_ORIGINS", () => {
  it("is a comma list of origins or *, none by default", () => {
    expect(parseEnv({}).apiCorsOrigins).toEqual([]);
    expect(parseEnv({ API_CORS_ORIGINS: "" }).apiCorsOrigins).toEqual([]);
    expect(parseEnv({ API_CORS_ORIGINS: " https://app.example.com/ , http://localhost:5173" }).apiCorsOrigins).toEqual([
      "https://app.example.com",
      "http://localhost:5173",
    ]);
    expect(parseEnv({ API_CORS_ORIGINS: "*" }).apiCorsOrigins).toEqual(["*"]);
    expect(() => parseEnv({ API_CORS_ORIGINS: "example.com" })).toThrow(/API_CORS_ORIGINS/);
    expect(() => parseEnv({ API_CORS_ORIGINS: "ftp://example.com" })).toThrow(/API_CORS_ORIGINS/);
  });
});

describe("CORS on the public /proxy routes", () => {
  it("adds nothing when no origin is configured", async () => {
    const { response, reachedRoute } = await through([], get("https://app.example.com"));
    expect(reachedRoute).toBe(true);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Accept-Language, Cookie");
    const options = await through([], preflight("https://app.example.com"));
    expect(options.reachedRoute).toBe(false);
    expect(options.response.status).toBe(204);
    expect(options.response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(options.response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers a listed origin's preflight and GETs, varying by Origin; others get no CORS headers", async () => {
    const allowed = ["https://app.example.com"];
    const options = await through(allowed, preflight("https://app.example.com"));
    expect(options.reachedRoute).toBe(false);
    expect(options.response.status).toBe(204);
    expect(Object.fromEntries(options.response.headers)).toMatchObject({
      "access-control-allow-origin": "https://app.example.com",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": expect.stringMatching(/Accept.*Content-Type/),
      "access-control-max-age": "7200",
      vary: "Origin",
    });

    const { response } = await through(allowed, get("https://app.example.com"));
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.com");
    expect(response.headers.get("Access-Control-Expose-Headers")).toBe("X-Data-Source, X-Total-Count");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Accept-Language, Cookie, Origin");

    for (const request of [get("https://evil.example"), get()]) {
      const other = await through(allowed, request);
      expect(other.response.headers.get("Access-Control-Allow-Origin")).toBeNull();
      // A shared cache must not hand this answer to the allowed site, nor the allowed site's to this one.
      expect(other.response.headers.get("Vary")).toBe("Accept-Language, Cookie, Origin");
    }
    const refused = await through(allowed, preflight("https://evil.example"));
    expect(refused.response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("allows every site with *, the same answer for all", async () => {
    const { response } = await through(["*"], get("https://anyone.example"));
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Vary")).toBe("Accept-Language, Cookie");
    const options = await through(["*"], preflight("https://anyone.example"));
    expect(options.response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("lets clients read errors too", async () => {
    const { response } = await through(["*"], get("https://anyone.example"), () => Response.json({ message: "x" }, { status: 404 }));
    expect(response.status).toBe(404);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});
