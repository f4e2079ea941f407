import { describe, expect, it } from "vitest";

import { ConfigError, parseEnv } from "~/platform/env.server";

describe("OAuth configuration", () => {
  it("leaves both providers off by default, with the real endpoints ready", () => {
    expect(parseEnv({}).oauth).toEqual({ github: undefined, google: undefined });
    expect(parseEnv({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" }).oauth.github).toEqual({
      clientId: "id",
      clientSecret: "secret",
      oauthUrl: "https://github.com",
      apiUrl: "https://api.github.com",
    });
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).oauth.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
      authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    });
  });

  it("takes other hosts for tests and self-hosted fakes", () => {
    const { github } = parseEnv({
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      GITHUB_OAUTH_URL: "http://127.0.0.1:4174/",
      GITHUB_API_URL: "http://127.0.0.1:4174",
    }).oauth;
    expect(github).toMatchObject({ oauthUrl: "http://127.0.0.1:4174", apiUrl: "http://127.0.0.1:4174" });
    expect(() => parseEnv({ GOOGLE_TOKEN_URL: "not a url" })).toThrow(/GOOGLE_TOKEN_URL/);
  });

  it("refuses half a client id/secret pair, naming the missing variable", () => {
    expect(() => parseEnv({ GITHUB_CLIENT_ID: "id" })).toThrow(ConfigError);
    expect(() => parseEnv({ GITHUB_CLIENT_ID: "id" })).toThrow(/GITHUB_CLIENT_SECRET: is required when GITHUB_CLIENT_ID is set/);
    expect(() => parseEnv({ GOOGLE_CLIENT_SECRET: "secret" })).toThrow(/GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set/);
    // An empty value counts as unset, as everywhere else.
    expect(parseEnv({ GITHUB_CLIENT_ID: "", GITHUB_CLIENT_SECRET: "" }).oauth.github).toBeUndefined();
  });
});
