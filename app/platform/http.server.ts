import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import { detectLanguage, getInstance, instanceFor } from "~/i18n/middleware.server";

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

/** The spec's error body (section 8): message, status, date and error. */
export function jsonError(status: number, message: string, headers?: HeadersInit) {
  return Response.json(
    { message, status, date: new Date().toISOString(), error: reasonPhrases[status] ?? "Error" },
    { status, headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } },
  );
}

/** Parses a request's query string; returns the zod issues' field names when it does not fit. */
export function parseSearchParams<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): { success: true; data: z.infer<Schema> } | { success: false; fields: string[] } {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (result.success) return { success: true, data: result.data };
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.join(".") || "query"))];
  return { success: false, fields };
}

/**
 * "Invalid request", in the visitor's language. Thrown from a page's action it shows the app's
 * 400 page; a resource route answers with this text.
 */
export function invalidRequest(context: Readonly<RouterContextProvider>) {
  return new Response(getInstance(context).t("messages.invalidRequest"), {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The body of a form post. One that cannot be read as a form (another content type, a broken
 * multipart body) is the sender's mistake: a 400, not a 500.
 */
export async function readFormData(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw invalidRequest(context);
  }
}

/**
 * The `intent` of a button-only form: which of the page's buttons was pressed. Anything else is
 * a forged or stale post and gets the translated 400.
 */
export function parseIntent<const Intent extends string>(
  formData: FormData,
  intents: readonly Intent[],
  context: Readonly<RouterContextProvider>,
): Intent {
  const intent = formData.get("intent");
  if (typeof intent === "string" && (intents as readonly string[]).includes(intent)) return intent as Intent;
  throw invalidRequest(context);
}

/** A redirect carrying several cookies: a session, a flash, a cleared pending step… */
export function redirectWithCookies(to: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/**
 * An over-the-limit attempt keeps the form on screen with status 429; the caller makes the
 * refusal (already translated: it carries the wait time) the form's error.
 */
export function tooManyAttempts<Payload>(refusal: { retryAfterSeconds: number }, payload: Payload) {
  return data(payload, { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } });
}

/** The app's error page in a few lines: its stylesheet may be what cannot be served. */
const serverErrorStyle = `body{margin:0;font:16px/1.55 system-ui,sans-serif;background:#242424;color:#c9c9c9}
header{padding:16px 24px;border-bottom:1px solid #3a3a3a;font-weight:700;color:#fff}
main{max-width:680px;margin:0 auto;padding:48px 24px}.status{font-size:64px;font-weight:700;color:#38d9a9;margin:0}
h1{color:#fff;font-size:32px;margin:8px 0}a{display:inline-block;margin-top:16px;padding:8px 18px;border-radius:4px;background:#087f5b;color:#fff;font-weight:700;text-decoration:none}`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The internal-error answer for a request React Router could not answer with the app's own error
 * page (a resource route that threw, a failure before the router): the spec's JSON error to API
 * clients, a small translated page to browsers, never React Router's bare English text.
 */
export async function serverErrorAnswer(request: { url: string; headers: { get(name: string): string | null } }): Promise<Response> {
  const language = await detectLanguage(request);
  const t = instanceFor(language).getFixedT(language, "common");
  const headers = { "Cache-Control": "no-store", "Content-Language": language };
  if (/application\/json/.test(request.headers.get("Accept") ?? "")) return jsonError(500, t("messages.somethingWentWrong"), headers);
  const page = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(`${t("serverError.title")} | ${t("app.name")}`)}</title>
<style>${serverErrorStyle}</style></head>
<body><header>${escapeHtml(t("app.name"))}</header><main><p class="status" aria-hidden="true">500</p><h1>${escapeHtml(t("serverError.heading"))}</h1>
<p>${escapeHtml(t("serverError.text"))}</p><p><a href="/">${escapeHtml(t("serverError.backHome"))}</a></p></main></body></html>`;
  return new Response(page, { status: 500, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** React Router's last-resort answer ("Unexpected Server Error", plain text): a resource route threw. */
export const isBareServerError = (response: Response) =>
  response.status >= 500 && (response.headers.get("Content-Type") ?? "").startsWith("text/plain");
