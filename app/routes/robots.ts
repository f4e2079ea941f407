import { robotsTxt } from "~/content/sitemap.server";
import { DAY_SECONDS } from "~/lib/time";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { config, routes } = platformOf(context);
  return new Response(robotsTxt(config.publicUrl, routes.all), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": `public, max-age=${DAY_SECONDS}` },
  });
}
