/** What every page's loader provides for its meta tags, already translated. */
export type PageMeta = { title: string; description: string; keywords: string; noindex?: boolean };
