/**
 * A local fake of GitHub's and Google's OAuth endpoints, for unit and
 * end-to-end tests of the sign-in flow. It serves real HTTP on 127.0.0.1 and has no UI: the
 * authorize endpoints answer at once with a redirect back to the app, as a provider does for a
 * user who already granted access.
 *
 *   const fake = await startFakeOAuth();          // or startFakeOAuth({ port: 4174 })
 *   await createTestServices({ environment: fakeOAuthEnv(fake.url) });
 *   fake.setGitHubUser({ ...defaultGitHubUser, email: "new@example.com" });
 *   fake.setFault("github", "token-refused");
 *   fake.reset();                                 // default users, no faults
 *   await fake.close();
 *
 * Paths, on one host:
 *   GitHub  GET  /login/oauth/authorize
 *           POST /login/oauth/access_token  refusals are HTTP 200 with { error }, as GitHub does
 *           GET  /user, /user/emails        Bearer token and a User-Agent required
 *   Google  GET  /o/oauth2/v2/auth
 *           POST /token                     refusals are HTTP 400/401 with { error }
 *           GET  /v1/userinfo               Bearer token required
 * Authorize requires client_id, response_type=code, redirect_uri, state, an S256 code_challenge and
 * the scopes the app needs (GitHub user:email; Google openid email). The token endpoint takes
 * client credentials (Basic or form), checks them, and checks that the single-use code, the
 * redirect_uri and S256(code_verifier) match the authorize request.
 *
 * Faults, per provider, until set back to "none":
 *   "access-denied"      authorize redirects back with error=access_denied (the user said no)
 *   "state-mismatch"     authorize redirects back with a code and a different state
 *   "token-refused"      the token endpoint refuses the code
 *   "connection-reset"   the token endpoint drops the connection (provider unreachable)
 *   "profile-error"      /user or /v1/userinfo answers 500
 *   "malformed-profile"  /user or /v1/userinfo answers 200 with the wrong shape
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type FakeOAuthProvider = "github" | "google";
export type FakeOAuthFault =
  "none" | "access-denied" | "state-mismatch" | "token-refused" | "connection-reset" | "profile-error" | "malformed-profile";

export const fakeOAuthClients = {
  github: { clientId: "fake-github-client-id", clientSecret: "fake-github-client-secret" },
  google: { clientId: "fake-google-client-id.apps.googleusercontent.com", clientSecret: "fake-google-client-secret" },
} as const;

export type FakeGitHubUser = {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean; visibility: "public" | "private" | null }>;
};

export type FakeGoogleUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

/** The documented octocat: the profile hides its email, so it has to come from /user/emails. */
export const defaultGitHubUser: FakeGitHubUser = {
  id: 583231,
  login: "octocat",
  name: "The Octocat",
  email: null,
  emails: [
    { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
    { email: "octocat@github.com", primary: true, verified: true, visibility: "public" },
  ],
};

export const defaultGoogleUser: FakeGoogleUser = {
  sub: "110169484474386276334",
  email: "maria.silva@gmail.com",
  email_verified: true,
  name: "Maria Silva",
  given_name: "Maria",
  family_name: "Silva",
  picture: "https://lh3.googleusercontent.com/a/ACg8ocJ-example=s96-c",
};

/** The app's environment for signing in through this fake at `url`. */
export function fakeOAuthEnv(url: string): Record<string, string> {
  return {
    GITHUB_CLIENT_ID: fakeOAuthClients.github.clientId,
    GITHUB_CLIENT_SECRET: fakeOAuthClients.github.clientSecret,
    GITHUB_OAUTH_URL: url,
    GITHUB_API_URL: url,
    GOOGLE_CLIENT_ID: fakeOAuthClients.google.clientId,
    GOOGLE_CLIENT_SECRET: fakeOAuthClients.google.clientSecret,
    GOOGLE_AUTHORIZATION_URL: `${url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    GOOGLE_USERINFO_URL: `${url}/v1/userinfo`,
  };
}

export type FakeOAuth = {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  setGitHubUser(user: FakeGitHubUser): void;
  setGoogleUser(user: FakeGoogleUser): void;
  setFault(provider: FakeOAuthProvider, fault: FakeOAuthFault): void;
  reset(): void;
  close(): Promise<void>;
};

type Grant = { provider: FakeOAuthProvider; redirectUri: string; codeChallenge: string };
type Reply = { status: number; body: unknown };

const json = (status: number, body: unknown): Reply => ({ status, body });
const newSecret = () => randomBytes(16).toString("hex");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** Where each provider's endpoints live, the scopes the app must ask for, and how its token endpoint refuses. */
const providers = {
  github: {
    authorize: "/login/oauth/authorize",
    token: "/login/oauth/access_token",
    requiredScopes: ["user:email"],
    refusalStatus: 200,
  },
  google: { authorize: "/o/oauth2/v2/auth", token: "/token", requiredScopes: ["openid", "email"], refusalStatus: 400 },
} as const;

export async function startFakeOAuth({ port = 0 }: { port?: number } = {}): Promise<FakeOAuth> {
  let githubUser = defaultGitHubUser;
  let googleUser = defaultGoogleUser;
  const faults: Record<FakeOAuthProvider, FakeOAuthFault> = { github: "none", google: "none" };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeOAuthProvider>();

  function authorize(provider: FakeOAuthProvider, query: URLSearchParams, response: ServerResponse) {
    const redirectUri = query.get("redirect_uri");
    const state = query.get("state");
    const codeChallenge = query.get("code_challenge");
    const scopes = query.get("scope")?.split(" ") ?? [];
    if (
      query.get("client_id") !== fakeOAuthClients[provider].clientId ||
      query.get("response_type") !== "code" ||
      !providers[provider].requiredScopes.every((scope) => scopes.includes(scope)) ||
      query.get("code_challenge_method") !== "S256" ||
      !redirectUri ||
      !state ||
      !codeChallenge
    ) {
      const description = "client_id, response_type=code, scope, redirect_uri, state and an S256 code_challenge are required";
      return send(response, json(400, { error: "invalid_request", error_description: description }));
    }
    const back = new URL(redirectUri);
    const fault = faults[provider];
    if (fault === "access-denied") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user has denied your application access.");
      back.searchParams.set("state", state);
    } else {
      const code = newSecret();
      grants.set(code, { provider, redirectUri, codeChallenge });
      back.searchParams.set("code", code);
      back.searchParams.set("state", fault === "state-mismatch" ? newSecret() : state);
    }
    response.writeHead(302, { Location: back.toString() }).end();
  }

  function exchange(provider: FakeOAuthProvider, request: IncomingMessage, form: URLSearchParams): Reply {
    const refusal = (error: string) => json(providers[provider].refusalStatus, { error, error_description: error });
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, "base64").toString().split(":")
      : [form.get("client_id"), form.get("client_secret")];
    const client = fakeOAuthClients[provider];
    if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
      return provider === "github" ? refusal("incorrect_client_credentials") : json(401, { error: "invalid_client" });
    }
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    const verifier = form.get("code_verifier");
    const valid =
      grant?.provider === provider &&
      form.get("grant_type") === "authorization_code" &&
      form.get("redirect_uri") === grant.redirectUri &&
      verifier !== null &&
      s256(verifier) === grant.codeChallenge;
    if (!valid || faults[provider] === "token-refused") {
      return refusal(provider === "github" ? "bad_verification_code" : "invalid_grant");
    }
    const accessToken = `${provider}-token-${newSecret()}`;
    accessTokens.set(accessToken, provider);
    return provider === "github"
      ? json(200, { access_token: accessToken, token_type: "bearer", scope: "read:user,user:email" })
      : json(200, {
          access_token: accessToken,
          expires_in: 3599,
          id_token: "fake.id.token",
          scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
          token_type: "Bearer",
        });
  }

  function profile(provider: FakeOAuthProvider, request: IncomingMessage, body: () => unknown): Reply {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!token || accessTokens.get(token) !== provider) return json(401, { message: "Bad credentials" });
    if (provider === "github" && !request.headers["user-agent"]) {
      const message = "Request forbidden by administrative rules. Please make sure your request has a User-Agent header";
      return json(403, { message });
    }
    if (faults[provider] === "profile-error") return json(500, { message: "Internal Server Error" });
    if (faults[provider] === "malformed-profile") return json(200, { id: "not-a-number", sub: 42 });
    return json(200, body());
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const route = `${request.method} ${url.pathname}`;
      for (const provider of ["github", "google"] as const) {
        if (route === `GET ${providers[provider].authorize}`) return authorize(provider, url.searchParams, response);
        if (route === `POST ${providers[provider].token}`) {
          if (faults[provider] === "connection-reset") return request.socket.destroy();
          const reply = exchange(provider, request, form);
          // GitHub answers form-encoded unless asked for JSON.
          if (provider === "github" && !request.headers.accept?.includes("application/json")) {
            const form = new URLSearchParams(reply.body as Record<string, string>).toString();
            return response.writeHead(reply.status, { "Content-Type": "application/x-www-form-urlencoded" }).end(form);
          }
          return send(response, reply);
        }
      }
      switch (route) {
        case "GET /":
          return response.writeHead(200, { "Content-Type": "text/plain" }).end("fake OAuth provider");
        case "GET /user":
          return send(
            response,
            profile("github", request, () => ({
              login: githubUser.login,
              id: githubUser.id,
              avatar_url: `https://avatars.githubusercontent.com/u/${githubUser.id}?v=4`,
              html_url: `https://github.com/${githubUser.login}`,
              name: githubUser.name,
              email: githubUser.email,
            })),
          );
        case "GET /user/emails":
          return send(
            response,
            profile("github", request, () => githubUser.emails),
          );
        case "GET /v1/userinfo":
          return send(
            response,
            profile("google", request, () => googleUser),
          );
        default:
          return send(response, json(404, { message: "Not Found" }));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: boundPort } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${boundPort}`,
    setGitHubUser: (user) => void (githubUser = user),
    setGoogleUser: (user) => void (googleUser = user),
    setFault: (provider, fault) => void (faults[provider] = fault),
    reset() {
      githubUser = defaultGitHubUser;
      googleUser = defaultGoogleUser;
      faults.github = "none";
      faults.google = "none";
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(response: ServerResponse, { status, body }: Reply) {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}
