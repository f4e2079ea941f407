import { robotsTxt } from "~/content/sitemap.server";
import { getEnv } from "~/platform/env.server";

export function loader() {
  return new Response(robotsTxt(getEnv().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
