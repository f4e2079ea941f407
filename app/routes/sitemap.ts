import { latestReleaseNotes } from "~/content/release-notes.server";
import { sitemapXml } from "~/content/sitemap.server";
import { getEnv } from "~/platform/env.server";

/** Enough for years of notes; a sitemap file may list 50,000 URLs. */
const maxNotes = 5000;

export async function loader() {
  const notes = latestReleaseNotes(maxNotes).map(({ id, updatedAt }) => ({ path: `/release-notes/${id}`, updatedAt }));
  return new Response(await sitemapXml(getEnv().publicUrl, notes), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
