import type { SearchKind, SearchResponse, SearchResult } from "~/market/search-scope";

export type ResultGroup = {
  key: "suggestions" | SearchKind;
  results: SearchResult[];
};

/**
 * How an answer is shown: the suggestions, then each kind that found something, in order; and the
 * kinds that failed while others answered (when all failed, one error message says it instead).
 */
export function resultGroups(response: SearchResponse): {
  groups: ResultGroup[];
  failedKinds: SearchKind[];
} {
  const groups: ResultGroup[] = [
    ...(response.suggestions.length > 0 ? [{ key: "suggestions" as const, results: response.suggestions }] : []),
    ...response.sections.flatMap(({ kind, results }) => (results.length > 0 ? [{ key: kind, results }] : [])),
  ];
  const failedKinds = response.failed ? [] : response.sections.filter((section) => section.failed).map((section) => section.kind);
  return { groups, failedKinds };
}
