import type { Services } from "~/services.server";

import { contextFor } from "./router-context";

type Loader = (args: never) => Promise<Response> | Response;

/**
 * Calls a resource route's loader with a real Request, as React Router would, and reads its JSON;
 * over `services` when given, else the file's shared ones.
 */
export async function callLoader(
  loader: Loader,
  url: string,
  params: Record<string, string> = {},
  headers: HeadersInit = {},
  services?: Services,
) {
  const request = new Request(`http://localhost${url}`, { headers });
  const context = await contextFor(request, services);
  const response = await loader({ request, context, params, unstable_pattern: "", url: new URL(request.url) } as never);
  // Any JSON: some answers are bare arrays, as their upstream sends them.
  return { response, status: response.status, body: (await response.json()) as any };
}
