import type { MetaDescriptor } from "react-router";

import { fallbackLanguage, isLanguage, openGraphLocales } from "~/i18n/languages";
import type { PageMeta } from "~/lib/page-meta";

import { ogImage, ogImagePath } from "./og-image";

type RootMetaData = { locale: string; publicUrl: string; siteName: string; ogImageAlt?: string };

type MetaArgs = {
  data: unknown;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
};

function rootData(matches: MetaArgs["matches"]): RootMetaData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootMetaData | undefined;
}

function buildMeta(page: PageMeta, root: RootMetaData | undefined, pathname: string): MetaDescriptor[] {
  const siteName = root?.siteName ?? "Market Analytics";
  const title = `${page.title} | ${siteName}`;
  const url = `${root?.publicUrl ?? ""}${pathname}`;
  const locale = isLanguage(root?.locale) ? root.locale : fallbackLanguage;
  // Crawlers need an absolute address.
  const image = `${root?.publicUrl ?? ""}${ogImagePath(locale)}`;
  const imageAlt = root?.ogImageAlt ?? siteName;
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: openGraphLocales[locale] },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

/** A route's `meta` export: reads the translated PageMeta its loader returned. */
export function routeMeta({ data, matches, location }: MetaArgs): MetaDescriptor[] {
  const page = (data as { meta?: PageMeta } | undefined)?.meta;
  if (!page) return [];
  return buildMeta(page, rootData(matches), location.pathname);
}
