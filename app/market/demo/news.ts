import { HOUR_MS, MINUTE_MS } from "~/lib/time";
import { newsRecords } from "~/market/catalogue";

import type { NewsProvider } from "../providers/provider";

/** Ages are relative, so the feed always looks fresh; sorted once, youngest first. */
const newestFirst = [...newsRecords].sort((a, b) => a.hoursAgo - b.hoursAgo);

export function createNewsProvider(clock: () => number): NewsProvider {
  return {
    source: "demo",
    async list(category, language) {
      const now = clock();
      return newestFirst
        .filter((record) => record.category === category)
        .map((record) => ({
          id: record.id,
          headline: record.headline[language],
          summary: record.summary[language],
          url: record.url,
          image: null,
          source: record.source,
          category: record.category,
          datetime: (Math.floor((now - record.hoursAgo * HOUR_MS) / MINUTE_MS) * MINUTE_MS) / 1000,
          related: [...record.related],
          language,
        }));
    },
  };
}
