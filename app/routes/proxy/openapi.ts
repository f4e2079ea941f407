import { openApiDocument } from "~/api/openapi.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/openapi";

/** GET /proxy/openapi.json: the API's OpenAPI 3.1 document for this instance's public address. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(openApiDocument(platformOf(context).config.publicUrl)), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
