import { useEffect, useState } from "react";

import { type SearchResponse, searchResultsHref, type SearchScope } from "~/market/search-scope";

/** Spec section 9: searches fire only for non-empty text, after a 500 ms pause. */
const searchDebounceMs = 500;

/**
 * One search request. Anything but a readable answer (no network, a 5xx, a body that is not ours)
 * is `null`: the dialog says "Erro Interno do Servidor" and the page around it stays. An abort
 * (newer text) still rejects, so the caller can ignore it.
 */
export async function requestSearch(url: string, signal: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<SearchResponse | null> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      signal,
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
  if (!response.ok) return null;
  try {
    const body: unknown = await response.json();
    return isSearchResponse(body) ? body : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

function isSearchResponse(body: unknown): body is SearchResponse {
  if (typeof body !== "object" || body === null) return false;
  const { suggestions, sections } = body as Partial<Record<keyof SearchResponse, unknown>>;
  return Array.isArray(suggestions) && Array.isArray(sections);
}

export type SearchState = {
  /** The last answer for this scope; it stays on screen while the next one loads. */
  response: SearchResponse | undefined;
  /** The last request failed. */
  failed: boolean;
  loading: boolean;
};

/** Searches `text` once typing pauses; newer text cancels the request in flight. */
export function useSearch(scope: SearchScope, text: string, language: string): SearchState {
  const [answer, setAnswer] = useState<{
    scope: SearchScope;
    response: SearchResponse | null;
  } | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      requestSearch(searchResultsHref(scope, text, language), controller.signal).then(
        (response) => {
          setAnswer({ scope, response });
          setLoading(false);
        },
        // Aborted: newer text has its own request.
        () => {},
      );
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setLoading(false);
    };
  }, [scope, text, language]);

  const current = answer?.scope === scope ? answer : null;
  return {
    response: current?.response ?? undefined,
    failed: current?.response === null,
    loading,
  };
}
