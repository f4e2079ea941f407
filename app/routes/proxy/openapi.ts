import { openApiDocument } from "~/market/openapi.server";
import { getEnv } from "~/platform/env.server";

let document: string | undefined;

/** GET /proxy/openapi.json: the API's OpenAPI 3.1 document, made once per process. */
export function loader() {
  document ??= JSON.stringify(openApiDocument(getEnv().publicUrl));
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
