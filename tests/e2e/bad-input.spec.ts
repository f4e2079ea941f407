/**
 * Issue 9 item 8: thousands of generated malformed inputs (fast-check, fixed seed) to every action
 * and /proxy route, anonymous, signed in and as an administrator. Every answer must be a 4xx with a
 * translated message, a redirect inside the site or a normal page of the app; never a 5xx, a stack
 * trace or the internal-error page. Afterwards the database must hold nothing it should not.
 *
 * Requests only, against its own instance of the built app: it runs once, in the js-on project.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";
import type Database from "better-sqlite3";
import fc from "fast-check";
import { Secret, TOTP } from "otpauth";

import { registerSchema, twoFactorLoginSchema } from "../../app/account/schemas";
import { feedbackSchema } from "../../app/content/feedback-schema";
import { releaseNoteSchema } from "../../app/content/release-note-schema";
import { recordTableSchema } from "../../app/favorites/schemas";
import { adminCommand } from "../support/admin-command";
import { type AppServer, startAppServer } from "../support/app-server";
import { brokenBodies, deepJson, formOf, type FormValue, jsonObjectOf, jsonValue, nastyString, type RawBody } from "../support/malformed";

const seed = 9_008;
const password = "Chuva-de-Pipoca-7";
const adminEmail = "admin@fuzz.example";
const languages = ["pt-BR", "en", "es"] as const;
type Language = (typeof languages)[number];

// ---------------------------------------------------------------------------------------------
// What a translated message looks like: any text of the locale files, placeholders as wildcards.

const localesDir = path.resolve(import.meta.dirname, "../../locales");

function leafTexts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(leafTexts);
  return [];
}

const translations = Object.fromEntries(
  languages.map((language) => {
    const folder = path.join(localesDir, language);
    const texts = readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) => leafTexts(JSON.parse(readFileSync(path.join(folder, file), "utf8"))));
    const patterns = texts.map((text) => {
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{[^}]*\\\}\\\}/g, "[\\s\\S]*");
      return new RegExp(`^${escaped}$`);
    });
    return [language, patterns];
  }),
) as Record<Language, RegExp[]>;

const isTranslated = (message: unknown, language: Language) =>
  typeof message === "string" && message.trim() !== "" && translations[language].some((pattern) => pattern.test(message));

// ---------------------------------------------------------------------------------------------
// Sending, and judging each answer.

type Account = { email: string; cookie: string };

type Probe = {
  method?: "GET" | "POST";
  path: string;
  /** Session cookies; anonymous without. */
  as?: Account;
  body?: BodyInit;
  contentType?: string;
  /** The Origin header; this site's by default, none with null. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** What was generated, for the failure report. */
  input?: unknown;
};

let app: AppServer;
let sent = 0;
const problems: string[] = [];
const statuses = new Map<string, Map<number, number>>();

/** Printable even when huge or full of control characters. */
function summary(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Uint8Array) return `<${item.length} bytes>`;
    if (typeof item === "string" && item.length > 160) return `${item.slice(0, 80)}…(${item.length} chars)`;
    return item;
  });
  return (text ?? String(value)).slice(0, 800);
}

/** Every request is its own client for the rate limits (TRUST_PROXY=loopback), in the IPv6 documentation range. */
const clientAddress = () => `2001:db8::${(sent + 1).toString(16)}`;

const acceptLanguage: Record<Language, string> = { "pt-BR": "pt-BR,pt;q=0.9", en: "en-US,en;q=0.9", es: "es-ES,es;q=0.9" };

async function send(group: string, probe: Probe, language: Language) {
  // The language is asked for with Accept-Language, or with the language cookie when the probe sends its own header.
  const ownLanguageHeader = probe.headers?.["Accept-Language"] !== undefined;
  const cookie = [probe.as?.cookie, ownLanguageHeader ? `i18next=${language}` : ""].filter(Boolean).join("; ");
  const headers: Record<string, string> = {
    "Accept-Language": acceptLanguage[language],
    "X-Forwarded-For": clientAddress(),
    ...probe.headers,
  };
  if (cookie) headers.Cookie = cookie;
  if (probe.contentType) headers["Content-Type"] = probe.contentType;
  const origin = probe.origin === undefined ? app.url : probe.origin;
  if (origin !== null) headers.Origin = origin;
  const method = probe.method ?? "POST";
  sent++;
  const request = `${method} ${summary(probe.path)} [${language}${probe.as ? ", signed in" : ""}] ${summary(probe.input ?? "")}`;
  let problem: string | null;
  let status = 0;
  try {
    const response = await fetch(`${app.url}${probe.path}`, {
      method,
      headers,
      body: method === "POST" ? probe.body : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    status = response.status;
    problem = await judge(response, language);
  } catch (error) {
    problem = `no answer: ${String(error)} (${String((error as Error).cause ?? "")})`;
  }
  const counts = statuses.get(group) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statuses.set(group, counts);
  if (problem) problems.push(`${request}\n    → ${problem}`);
}

/** null when the answer is one the app may give to bad input. */
async function judge(response: Response, language: Language): Promise<string | null> {
  const { status } = response;
  const type = response.headers.get("content-type") ?? "";
  const body = await response.text();
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (/\n\s+at .+:\d+:\d+\)?/.test(body)) return `a stack trace: ${body.slice(0, 300)}`;
  if (status >= 300 && status < 400) {
    const location = response.headers.get("location") ?? "";
    return /^\/(?![/\\])/.test(location) ? null : `redirect to "${location}"`;
  }
  if (status !== 200 && (status < 400 || status >= 500)) return `status ${status}`;
  if (type.startsWith("application/json")) {
    if (status < 400) return null;
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return isTranslated(message, language) ? null : `${status} with an untranslated message: ${summary(message)}`;
  }
  if (type.startsWith("text/html")) {
    if (!body.includes(`<html lang="${language}"`)) return `${status}: a page not in ${language}`;
    if (!body.includes('class="site-header"')) return `${status}: not a page of the app: ${body.slice(0, 200)}`;
    if (body.includes('data-testid="error-500"')) return `${status}: the internal-error page`;
    return null;
  }
  if (type.startsWith("text/plain") && status >= 400) {
    return isTranslated(body, language) ? null : `${status} with an untranslated text: ${summary(body)}`;
  }
  if (type.startsWith("text/event-stream") && status === 200) return null;
  return `${status} with content type "${type}": ${body.slice(0, 200)}`;
}

/** Sends them a few at a time: enough to be quick, not enough to be a load test. */
async function sendAll(group: string, probes: Probe[]) {
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      await send(group, probes[index] as Probe, languages[index % languages.length] as Language);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

function expectNoProblems() {
  const found = problems.splice(0);
  expect(found, `answers to bad input that are not allowed:\n${found.join("\n")}`).toEqual([]);
}

/** Most inputs must reach validation: rate limits may refuse some, not most. */
function expectMostlyValidated(group: string) {
  const counts = statuses.get(group) ?? new Map<number, number>();
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  expect(counts.get(429) ?? 0, `${group}: ${summary(Object.fromEntries(counts))}`).toBeLessThan(total / 2);
}

// ---------------------------------------------------------------------------------------------
// Building bodies.

/** How a value travels in a form: lone surrogates become U+FFFD on the way. */
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, "\uFFFD");

function formBody(fields: Record<string, FormValue>, multipart: boolean): BodyInit {
  const entries = Object.entries(fields).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => [name, item] as const),
  );
  if (!multipart) return new URLSearchParams(entries.map(([name, value]) => [name, value]));
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** The object Conform builds from the form: empty fields left out, repeated fields as lists. */
function asSubmitted(fields: Record<string, FormValue>): Record<string, unknown> {
  const submitted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) submitted[name] = value.map(wellFormed);
    else if (value !== "") submitted[name] = wellFormed(value);
  }
  return submitted;
}

/** Fields the route's schema refuses: such input must change nothing. */
const refusedBy = (schema: { safeParse(input: unknown): { success: boolean } }) => (fields: Record<string, FormValue>) =>
  !schema.safeParse(asSubmitted(fields)).success;

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, salt: number) => fc.sample(arbitrary, { seed: seed + salt, numRuns });

/** Form posts of generated fields, half urlencoded and half multipart. */
function formProbes(
  path: string,
  as: Account | undefined,
  fields: Record<string, fc.Arbitrary<string>>,
  { runs, salt, refused }: { runs: number; salt: number; refused?: (fields: Record<string, FormValue>) => boolean },
): Probe[] {
  const arbitrary = refused ? formOf(fields).filter(refused) : formOf(fields);
  return sample(arbitrary, runs, salt).map((input, index) => ({ path, as, body: formBody(input, index % 2 === 1), input }));
}

/** Bodies the route cannot read as a form or as JSON at all. */
const brokenBodyProbes = (path: string, as?: Account): Probe[] =>
  brokenBodies.map(({ contentType, body }: RawBody) => ({
    path,
    as,
    contentType,
    body: typeof body === "string" ? body : Buffer.from(body),
    input: { contentType, body },
  }));

function jsonProbes(path: string, as: Account | undefined, arbitrary: fc.Arbitrary<unknown>, runs: number, salt: number): Probe[] {
  const bodies: { text: string; input: unknown }[] = sample(arbitrary, runs, salt).map((input) => ({
    text: JSON.stringify(input) ?? "",
    input,
  }));
  bodies.push(...sample(deepJson, 3, salt).map((text) => ({ text, input: `deep JSON (${text.length} chars)` })));
  return bodies.map(({ text, input }) => ({ path, as, contentType: "application/json", body: text, input }));
}

/** A path segment: valid, escaped garbage, or raw malformed escapes. */
const pathSegment = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    valid,
    nastyString.filter((text) => text !== "").map((text) => encodeURIComponent(wellFormed(text).slice(0, 300))),
    fc.constantFrom("%", "%E0%A4%A", "%ZZ", "..%2F..%2Fetc%2Fpasswd", "%00", "%2F", "a%20b", "%C0%AF", "%ED%A0%80"),
  );

/** Node refuses a request line over 16 KB before the app sees it (431): queries stay under 8 KB. */
function queryString(params: Record<string, FormValue>) {
  const pairs: string[] = [];
  let length = 0;
  for (const [name, value] of Object.entries(params)) {
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      const pair = new URLSearchParams([[name, wellFormed(item).slice(0, 1000)]]).toString();
      if (length + pair.length > 8000) continue;
      pairs.push(pair);
      length += pair.length + 1;
    }
  }
  return pairs.length ? `?${pairs.join("&")}` : "";
}

// ---------------------------------------------------------------------------------------------
// Accounts.

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function post(pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { Origin: app.url, "X-Forwarded-For": clientAddress(), ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function register(email: string, nickname: string): Promise<Account> {
  const response = await post("/register", { email, name: "Ana Souza", nickname, password, confirmPassword: password });
  expect(response.status, await response.text()).toBe(302);
  return { email, cookie: cookiesOf(response) };
}

/** An account with two-factor on, signed in with its password and now waiting for its code. */
async function pendingSecondFactor(db: () => Database.Database): Promise<Account> {
  const account = await register("two-factor@fuzz.example", "two_factor");
  await post("/user", { intent: "two-factor-start" }, account.cookie);
  const reader = db();
  const { twofa_token: secret } = reader.prepare("SELECT twofa_token FROM users WHERE email = ?").get(account.email) as {
    twofa_token: string;
  };
  reader.close();
  const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  const verified = await post("/user", { intent: "two-factor-verify", code }, account.cookie);
  expect(verified.status).toBe(200);
  const login = await post("/login", { email: account.email, password });
  expect(login.headers.get("location")).toBe("/login/two-fa");
  return { email: account.email, cookie: cookiesOf(login) };
}

// ---------------------------------------------------------------------------------------------
// The valid values each generated form starts from.

const valid = {
  email: fc.oneof(fc.constantFrom("ana@example.com", "fuzz.someone@example.org"), fc.emailAddress()),
  name: fc.constantFrom("Ana Souza", "José da Silva", "Zoë O'Neil"),
  nickname: fc.constantFrom("ana_souza", "jose.silva", "zoe-1"),
  password: fc.constantFrom(password, "0utro-segredo!"),
  wrongPassword: fc.constantFrom("Wr0ng-pass!", "12345678a!"),
  redirectTo: fc.constantFrom("/cryptos", "/user", "/stocks/PETR4"),
  sessionId: fc.uuid({ version: 4 }),
  prompt: fc.constantFrom("quanto está o bitcoin?", "what is staking", "<script>alert(1)</script> o que é Selic?"),
  cryptoId: fc.constantFrom("bitcoin", "ethereum", "dogecoin"),
  ticker: fc.constantFrom("PETR4", "VALE3", "AAPL"),
  smallNumber: fc.integer({ min: 1, max: 30 }).map(String),
  text: fc.constantFrom("Minha carteira", "Ações de energia", "Notas"),
  longText: fc.constantFrom("Uma descrição com mais de dez caracteres.", "Corrige a página de busca."),
};

// ---------------------------------------------------------------------------------------------

test.describe.configure({ mode: "serial" });

test.describe("malformed input to every action and /proxy route", () => {
  let admin: Account;
  let user: Account;
  let twoFactor: Account;
  let tableId: number;
  let releaseNotesBefore: unknown[];

  test.beforeAll(async ({}, testInfo) => {
    testInfo.skip(testInfo.project.name !== "js-on", "request-only: one run is enough");
    testInfo.setTimeout(60_000);
    app = await startAppServer({
      env: { TRUST_PROXY: "loopback", PAGE_CACHE_TTL_SECONDS: "0" },
    });
    admin = await register(adminEmail, "fuzz_admin");
    const granted = await adminCommand({ DATA_DIR: app.dataDir }, "grant", adminEmail);
    expect(granted.code, granted.output).toBe(0);
    user = await register("user@fuzz.example", "fuzz_user");
    twoFactor = await pendingSecondFactor(() => app.openDatabase());
    const created = await post("/user/register-tables", { title: "Tabela válida", description: "" }, user.cookie);
    tableId = Number(/\/user\/register-tables\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    expect(tableId).toBeGreaterThan(0);
    const db = app.openDatabase();
    releaseNotesBefore = db.prepare("SELECT * FROM release_notes ORDER BY id").all();
    db.close();
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
  });

  test("registration, sign-in, two-factor, sign-out and theme", async () => {
    test.setTimeout(120_000);
    await sendAll("register", [
      ...formProbes(
        "/register",
        undefined,
        {
          email: valid.email,
          name: valid.name,
          nickname: valid.nickname,
          password: valid.password,
          confirmPassword: valid.password,
          website: fc.constant(""),
          redirectTo: valid.redirectTo,
        },
        { runs: 100, salt: 1, refused: refusedBy(registerSchema) },
      ),
      ...brokenBodyProbes("/register"),
    ]);
    await sendAll("login", [
      ...formProbes(
        "/login",
        undefined,
        { email: valid.email, password: valid.wrongPassword, redirectTo: valid.redirectTo },
        { runs: 70, salt: 2 },
      ),
      ...brokenBodyProbes("/login"),
    ]);
    await sendAll("two-fa", [
      ...formProbes(
        "/login/two-fa",
        twoFactor,
        { code: fc.constantFrom("123456", "ABCD-EFGH", "000000"), redirectTo: valid.redirectTo },
        { runs: 60, salt: 3, refused: refusedBy(twoFactorLoginSchema) },
      ),
      ...brokenBodyProbes("/login/two-fa", twoFactor),
      // Without the pending step: back to the sign-in page.
      ...formProbes("/login/two-fa", undefined, { code: fc.constant("123456") }, { runs: 5, salt: 4 }),
    ]);
    await sendAll("logout", [
      ...formProbes("/logout", undefined, { redirectTo: valid.redirectTo, intent: fc.constant("logout") }, { runs: 20, salt: 5 }),
      ...brokenBodyProbes("/logout"),
    ]);
    await sendAll("theme", [
      ...formProbes("/theme", undefined, { theme: fc.constantFrom("dark", "light"), redirectTo: valid.redirectTo }, { runs: 60, salt: 6 }),
      ...brokenBodyProbes("/theme"),
    ]);
    expectNoProblems();
    for (const group of ["register", "login", "two-fa", "theme"]) expectMostlyValidated(group);
  });

  test("account settings", async () => {
    test.setTimeout(120_000);
    const intents = fc.oneof(
      fc.constantFrom("profile", "password", "theme", "two-factor-start", "two-factor-verify", "two-factor-disable", "delete-account"),
      nastyString,
    );
    await sendAll("user", [
      ...formProbes(
        "/user",
        user,
        {
          intent: intents,
          name: valid.name,
          nickname: valid.nickname,
          email: valid.email,
          currentPassword: valid.wrongPassword,
          newPassword: valid.password,
          confirmPassword: valid.password,
          theme: fc.constantFrom("dark", "light"),
          code: fc.constantFrom("123456", "000000"),
          password: valid.wrongPassword,
          confirm: fc.constant("on"),
        },
        { runs: 100, salt: 10 },
      ),
      ...brokenBodyProbes("/user", user),
      // Signed out: to the sign-in page.
      ...formProbes("/user", undefined, { intent: intents, name: valid.name }, { runs: 10, salt: 11 }),
    ]);
    expectNoProblems();
  });

  test("favourites and record tables", async () => {
    test.setTimeout(120_000);
    const favoriteFields = {
      assetType: fc.constantFrom("crypto", "stock"),
      assetId: fc.oneof(valid.cryptoId, valid.ticker, fc.constantFrom("not-a-coin-at-all", "ZZZZ9", "bitcoin-")),
      intent: fc.constantFrom("add", "remove"),
      redirectTo: valid.redirectTo,
      js: fc.constant("1"),
      confirmed: fc.constant("1"),
    };
    await sendAll("favorites", [
      ...formProbes("/favorites", user, favoriteFields, { runs: 80, salt: 20 }),
      ...brokenBodyProbes("/favorites", user),
      ...formProbes("/favorites", undefined, favoriteFields, { runs: 10, salt: 21 }),
    ]);
    const tableFields = { title: valid.text, description: valid.text };
    await sendAll("register-tables", [
      ...formProbes("/user/register-tables", user, tableFields, { runs: 60, salt: 22, refused: refusedBy(recordTableSchema) }),
      ...brokenBodyProbes("/user/register-tables", user),
    ]);
    // Deleting the table would end the test of its other intents: every other intent is sent.
    const tableIntents = fc.oneof(
      fc.constantFrom("update", "addItem", "removeItem"),
      nastyString.filter((text) => text !== "delete"),
    );
    const favoriteId = fc.oneof(valid.smallNumber, fc.constantFrom("1.5", "-1", "1e3", "99999999999999999999"));
    await sendAll("register-table", [
      ...formProbes(
        `/user/register-tables/${tableId}`,
        user,
        { intent: tableIntents, title: valid.text, description: valid.text, favoriteId },
        {
          runs: 60,
          salt: 23,
          // An update with a valid title would be a real edit; everything else is refused or harmless.
          refused: (fields) => fields.intent !== "update" || refusedBy(recordTableSchema)(fields),
        },
      ),
      ...brokenBodyProbes(`/user/register-tables/${tableId}`, user),
      ...sample(pathSegment(valid.smallNumber), 30, 24).map((segment) => ({
        path: `/user/register-tables/${segment}`,
        as: user,
        body: new URLSearchParams({ intent: "update", title: "x" }),
        input: segment,
      })),
    ]);
    await sendAll("favorite-items", [
      ...formProbes("/user/favorite-items", user, { favoriteId, tableId: fc.constant(String(tableId)) }, { runs: 50, salt: 25 }),
      ...brokenBodyProbes("/user/favorite-items", user),
    ]);
    expectNoProblems();
  });

  test("feedback", async () => {
    test.setTimeout(120_000);
    const files = fc.array(
      fc.record({
        name: nastyString.map((text) => wellFormed(text).slice(0, 200) || "x.png"),
        type: fc.constantFrom("image/png", "image/jpeg", "text/html", "application/x-msdownload", ""),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
          fc.constant(new TextEncoder().encode("<script>alert(1)</script>")),
          fc.constant(new Uint8Array(1024 * 1024 + 1)),
        ),
      }),
      { maxLength: 4 },
    );
    const feedback = fc
      .tuple(formOf({ title: valid.text, description: valid.longText, type: fc.constantFrom("bug", "suggestion", "idea", "other") }), files)
      .filter(([fields]) => refusedBy(feedbackSchema)(fields));
    const probes: Probe[] = sample(feedback, 80, 30).map(([fields, images]) => {
      const form = formBody(fields, true) as FormData;
      for (const image of images) form.append("images", new File([image.bytes], image.name, { type: image.type }));
      return {
        path: "/feedback",
        as: user,
        body: form,
        input: { fields, images: images.map(({ name, type, bytes }) => ({ name, type, size: bytes.length })) },
      };
    });
    await sendAll("feedback", [
      ...probes,
      ...brokenBodyProbes("/feedback", user),
      ...formProbes("/feedback", undefined, { title: valid.text }, { runs: 5, salt: 31 }),
    ]);
    expectNoProblems();
    expectMostlyValidated("feedback");
  });

  test("chat forms and the assistant's JSON routes", async () => {
    test.setTimeout(180_000);
    await sendAll("chat", [
      ...formProbes(
        "/chat",
        user,
        {
          intent: fc.oneof(fc.constantFrom("send", "refresh", "reload", "rate"), nastyString),
          sessionId: valid.sessionId,
          prompt: valid.prompt,
          messageId: valid.smallNumber,
          rating: fc.constantFrom("like", "dislike", "none"),
        },
        { runs: 80, salt: 40 },
      ),
      ...brokenBodyProbes("/chat", user),
      ...formProbes("/chat", undefined, { intent: fc.constant("send"), prompt: valid.prompt }, { runs: 5, salt: 41 }),
    ]);
    const previous = fc.oneof(fc.constant(null), fc.constant("null"), valid.text);
    const streamBody = jsonObjectOf({
      prompt: valid.prompt,
      sessionId: valid.sessionId,
      lastUserMessage: previous,
      lastBotMessage: previous,
      likeOrDislikePreviousMessage: fc.boolean(),
      refresh: fc.boolean(),
    });
    const part = (text: fc.Arbitrary<unknown>) => jsonValue(fc.record({ text: jsonValue(text) }));
    const aiBody = jsonObjectOf({
      parts: fc.tuple(part(previous), part(previous), part(valid.prompt)),
      sessionId: valid.sessionId,
    });
    const refreshBody = jsonObjectOf({ userId: fc.integer({ min: 1, max: 5 }), refreshToken: fc.string({ minLength: 1, maxLength: 60 }) });
    await sendAll("chat-stream", [
      ...jsonProbes("/chat/stream", user, fc.oneof({ weight: 4, arbitrary: streamBody }, { weight: 1, arbitrary: fc.jsonValue() }), 70, 42),
      ...brokenBodyProbes("/chat/stream", user),
      ...jsonProbes("/chat/stream", undefined, streamBody, 5, 43),
    ]);
    await sendAll("proxy-ai", [
      ...jsonProbes("/proxy/ai", user, fc.oneof({ weight: 4, arbitrary: aiBody }, { weight: 1, arbitrary: fc.jsonValue() }), 70, 44),
      ...brokenBodyProbes("/proxy/ai", user),
      ...jsonProbes("/proxy/ai", undefined, aiBody, 5, 45),
    ]);
    await sendAll("auth-refresh", [
      ...jsonProbes(
        "/auth/refresh",
        undefined,
        fc.oneof({ weight: 4, arbitrary: refreshBody }, { weight: 1, arbitrary: fc.jsonValue() }),
        50,
        46,
      ),
      ...brokenBodyProbes("/auth/refresh"),
    ]);
    expectNoProblems();
  });

  test("release-note administration", async () => {
    test.setTimeout(120_000);
    const noteFields = {
      title: valid.text,
      author: valid.name,
      contact: fc.constantFrom("ana@example.com", "https://example.com/ana"),
      body: valid.longText,
      status: fc.constantFrom("draft", "published"),
    };
    // Publishing, unpublishing or deleting a note that exists is a real action: only ids that do not exist, or garbage.
    const actionFields = {
      intent: fc.oneof(fc.constantFrom("publish", "unpublish", "delete"), nastyString),
      id: fc.oneof(fc.integer({ min: 100_000, max: 2_000_000_000 }).map(String), fc.constantFrom("0", "-1", "1.5", "1e3", "0x1")),
    };
    await sendAll("admin-release-notes", [
      ...formProbes("/admin/release-notes", admin, actionFields, { runs: 50, salt: 50 }),
      ...brokenBodyProbes("/admin/release-notes", admin),
      ...formProbes("/admin/release-notes", user, actionFields, { runs: 10, salt: 51 }),
    ]);
    await sendAll("admin-release-note", [
      ...formProbes("/admin/release-notes/new", admin, noteFields, { runs: 60, salt: 52, refused: refusedBy(releaseNoteSchema) }),
      ...formProbes("/admin/release-notes/1", admin, noteFields, { runs: 40, salt: 53, refused: refusedBy(releaseNoteSchema) }),
      ...brokenBodyProbes("/admin/release-notes/new", admin),
      ...sample(pathSegment(fc.constant("new")), 20, 54).map((segment) => ({
        path: `/admin/release-notes/${segment}`,
        as: admin,
        body: new URLSearchParams({ title: "x" }),
        input: segment,
      })),
      ...formProbes("/admin/release-notes/new", user, noteFields, { runs: 10, salt: 55 }),
    ]);
    expectNoProblems();
  });

  test("every action refuses a post from another site", async () => {
    const actions = [
      "/register",
      "/login",
      "/logout",
      "/user",
      "/favorites",
      "/user/register-tables",
      `/user/register-tables/${tableId}`,
      "/user/favorite-items",
      "/feedback",
      "/chat",
      "/chat/stream",
      "/proxy/ai",
      "/auth/refresh",
      "/theme",
      "/admin/release-notes",
      "/admin/release-notes/new",
    ];
    const origins = [
      "https://evil.example",
      "null",
      `${app.url}.evil.example`,
      app.url.replace("127.0.0.1", "localhost"),
      "http://127.0.0.1",
    ];
    await sendAll("cross-site", [
      ...actions.flatMap((pathname, index) =>
        origins.map((origin) => ({
          path: pathname,
          as: index % 2 ? user : admin,
          origin,
          body: new URLSearchParams({ theme: "light" }),
          input: origin,
        })),
      ),
      // A browser that sends no Origin still says where the post comes from.
      ...actions.map((pathname) => ({
        path: pathname,
        as: user,
        origin: null,
        headers: { "Sec-Fetch-Site": "cross-site" },
        body: new URLSearchParams({ theme: "light" }),
        input: "Sec-Fetch-Site: cross-site",
      })),
    ]);
    expectNoProblems();
    const counts = statuses.get("cross-site");
    expect(counts?.get(403)).toBe([...(counts?.values() ?? [])].reduce((sum, count) => sum + count, 0));
  });

  test("the /proxy routes' parameters", async () => {
    test.setTimeout(120_000);
    const number = fc.oneof(valid.smallNumber, fc.constantFrom("0", "-5", "1.5", "1e9", "abc", "9".repeat(30)));
    const seconds = fc.oneof(fc.constantFrom("1717200000", "1717286400"), number);
    const routes: [string, fc.Arbitrary<string>][] = [
      ["/proxy/stocks", fc.constant("")],
      ["/proxy/cryptos", fc.constant("")],
      ["/proxy/cryptos/search", fc.constant("")],
      ["/proxy/cryptos/trending", fc.constant("")],
      ["/proxy/news", fc.constant("")],
      ["/proxy/currencies", fc.constant("")],
      ["/proxy/stocks/", pathSegment(valid.ticker)],
      ["/proxy/cryptos/", pathSegment(valid.cryptoId)],
      ["/proxy/cryptos/:id/market_chart", pathSegment(valid.cryptoId)],
    ];
    const params = formOf({
      search: valid.text,
      limit: number,
      page: number,
      sortBy: fc.constantFrom("name", "close", "change", "volume", "market_cap_basic"),
      sortOrder: fc.constantFrom("asc", "desc"),
      type: fc.constantFrom("stock", "fund", "bdr", "others"),
      sector: fc.constantFrom("Finance", "Energy Minerals"),
      range: fc.constantFrom("1d", "5d", "1mo", "1y"),
      interval: fc.constant("1d"),
      modules: fc.constant("summaryProfile"),
      vs_currency: fc.constant("usd"),
      per_page: number,
      precision: fc.oneof(fc.constant("full"), number),
      order: fc.constantFrom("market_cap_desc", "volume_desc"),
      query: fc.constantFrom("sol", "bit"),
      from: seconds,
      to: seconds,
      category: fc.constantFrom("crypto", "forex", "general", "merger", "company"),
    });
    const probes = routes.flatMap(([route, segment], index) =>
      sample(fc.tuple(segment, params), 30, 60 + index).map(([id, query]) => ({
        method: "GET" as const,
        path: `${route.includes(":id") ? route.replace(":id", id) : route + id}${queryString(query)}`,
        input: { id, query },
      })),
    );
    await sendAll("proxy", probes);
    expectNoProblems();
  });

  test("malformed cookies and headers on pages and actions", async () => {
    test.setTimeout(120_000);
    const cookie = fc
      .record({
        name: fc.constantFrom("access_token", "refresh_token", "i18next", "theme", "flash", "two_fa_pending"),
        // Browsers keep a cookie under 4 KB; a cut escape is one more malformed value.
        value: fc.oneof(
          nastyString.map((text) => encodeURIComponent(wellFormed(text)).slice(0, 4000)),
          fc.constantFrom("%", "%E0%A4%A", "eyJ.e30.x", "a.b.c", ""),
        ),
      })
      .map(({ name, value }) => ({ as: { email: "", cookie: `${name}=${value}` }, input: `${name}=${value}` }));
    const acceptLanguage = fc.oneof(
      fc.constantFrom("*", ";;;q=x", "xx-YY", "pt-BR;q=2", "en;q=NaN", "\u00e9", "a".repeat(5000)),
      nastyString.map((text) =>
        wellFormed(text)
          .replace(/[^\x20-\x7e]/g, "")
          .slice(0, 500),
      ),
    );
    const pages = ["/", "/cryptos", "/stocks/PETR4", "/news", "/user", "/chat", "/feedback", "/admin/release-notes", "/search?q=bit"];
    await sendAll("headers", [
      ...sample(fc.tuple(fc.constantFrom(...pages), cookie), 60, 70).map(([pathname, { as, input }]) => ({
        method: "GET" as const,
        path: pathname,
        as,
        input,
      })),
      ...sample(fc.tuple(fc.constantFrom("/user", "/favorites", "/chat", "/theme"), cookie), 30, 71).map(([pathname, { as, input }]) => ({
        path: pathname,
        as,
        body: new URLSearchParams({ theme: "dark" }),
        input,
      })),
      // The language headers are ours to set; a garbage Accept-Language still gets a page in the cookie's language.
      ...sample(acceptLanguage, 30, 72).map((value) => ({
        method: "GET" as const,
        path: "/faq",
        headers: { "Accept-Language": value },
        input: value,
      })),
      // Searches with every kind of query.
      ...sample(nastyString, 40, 73).map((q) => ({ method: "GET" as const, path: `/search${queryString({ q })}`, input: q })),
    ]);
    expectNoProblems();
  });

  test("the database holds nothing it should not", async () => {
    expect(sent, "malformed inputs sent").toBeGreaterThanOrEqual(1000);
    console.log(
      `bad-input: ${sent} requests; statuses per group: ${summary(Object.fromEntries([...statuses].map(([group, counts]) => [group, Object.fromEntries(counts)])))}`,
    );
    const db = app.openDatabase();
    try {
      // The three accounts made on purpose (the settings form may have renamed one), each one valid.
      const users = db.prepare("SELECT email, name, nickname FROM users ORDER BY id").all() as {
        email: string;
        name: string;
        nickname: string;
      }[];
      expect(users).toHaveLength(3);
      for (const row of users) {
        expect(registerSchema.safeParse({ ...row, password, confirmPassword: password }).success, summary(row)).toBe(true);
      }

      expect(db.prepare("SELECT COUNT(*) AS n FROM feedback").get()).toEqual({ n: 0 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM feedback_images").get()).toEqual({ n: 0 });

      const tables = db.prepare("SELECT id, title, description FROM record_tables").all() as {
        id: number;
        title: string;
        description: string;
      }[];
      for (const table of tables) expect(table, "only the table made on purpose").toMatchObject({ id: tableId, title: "Tabela válida" });

      const favorites = db.prepare("SELECT asset_type, asset_id FROM favorites").all() as { asset_type: string; asset_id: string }[];
      for (const { asset_type: type, asset_id: id } of favorites) {
        const known = await fetch(`${app.url}/proxy/${type === "crypto" ? "cryptos" : "stocks"}/${encodeURIComponent(id)}`);
        expect(known.status, `a favourite for ${type} ${id}`).toBe(200);
      }

      const messages = db.prepare("SELECT text FROM chat_messages").all() as { text: string }[];
      for (const { text } of messages) expect(text, "a chat message with markup").not.toMatch(/<\s*\/?\s*(script|img|svg|iframe)\b/i);

      expect(db.prepare("SELECT * FROM release_notes ORDER BY id").all(), "release notes changed by invalid input").toEqual(
        releaseNotesBefore,
      );
    } finally {
      db.close();
    }
  });
});
