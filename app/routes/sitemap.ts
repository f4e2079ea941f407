import { latestReleaseNotes } from "~/content/release-notes.server";
import { sitemapXml } from "~/content/sitemap.server";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/sitemap";

/** Enough for years of notes; a sitemap file may list 50,000 URLs. */
const maxNotes = 5000;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, logger, routes } = platformOf(context);
  const notes = (await latestReleaseNotes(db, maxNotes)).map(({ id, updatedAt }) => ({ path: `/release-notes/${id}`, updatedAt }));
  return new Response(await sitemapXml(marketOf(context), logger, config.publicUrl, routes.all, notes), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
