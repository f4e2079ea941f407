import { describe, expect, it, vi } from "vitest";

import { isExternalHref, scopeForPath, searchHref, type SearchResponse, searchResultsHref } from "~/market/search-scope";
import { loadRecentSearches, parseRecentSearches, recentSearchesKey, rememberSearch, withRecentSearch } from "~/ui/search/recent-searches";
import { resultGroups } from "~/ui/search/result-groups";
import { requestSearch } from "~/ui/search/search-request";

describe("search scope from the current path", () => {
  it.each([
    ["/cryptos", "cryptos"],
    ["/cryptos/bitcoin", "cryptos"],
    ["/user/favorite-items/cryptos", "cryptos"],
    ["/news", "news"],
    ["/news/", "news"],
    ["/stocks", "stocks"],
    ["/stocks/PETR4", "stocks"],
    ["/", "all"],
    ["/faq", "all"],
    ["/search", "all"],
    ["/newsletter", "all"],
    ["/stocksy", "all"],
  ])("%s searches %s", (pathname, scope) => {
    expect(scopeForPath(pathname)).toBe(scope);
  });

  it("builds the /search URLs of the page and of the dialog's JSON", () => {
    expect(searchHref("stocks", "petr 4&x")).toBe("/search?q=petr+4%26x&scope=stocks");
    expect(searchResultsHref("all", "petr", "es")).toBe("/search/results?q=petr&scope=all&lng=es");
    expect(isExternalHref("https://example.com/a")).toBe(true);
    expect(isExternalHref("/cryptos/bitcoin")).toBe(false);
  });
});

/** An in-memory localStorage. */
function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const store = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  return { items, get: () => store };
}

describe("recent searches", () => {
  it("keeps 4, newest first, without duplicates (ignoring case and surrounding spaces)", () => {
    let list: string[] = [];
    for (const query of ["petr", "vale", "itub", "bbas", "mglu"]) list = withRecentSearch(list, query);
    expect(list).toEqual(["mglu", "bbas", "itub", "vale"]);
    expect(withRecentSearch(list, " ITUB ")).toEqual(["ITUB", "mglu", "bbas", "vale"]);
    expect(withRecentSearch(list, "   ")).toEqual(list);
  });

  it("keeps one list per scope in local storage", () => {
    const store = memoryStore();
    rememberSearch(store.get, "cryptos", "bit");
    rememberSearch(store.get, "stocks", "petr");
    rememberSearch(store.get, "all", "vale");
    rememberSearch(store.get, "cryptos", "eth");
    expect(loadRecentSearches(store.get, "cryptos")).toEqual(["eth", "bit"]);
    expect(loadRecentSearches(store.get, "stocks")).toEqual(["petr"]);
    expect(loadRecentSearches(store.get, "all")).toEqual(["vale"]);
    expect(loadRecentSearches(store.get, "news")).toEqual([]);
    expect(store.items.get("recentSearches:cryptos")).toBe('["eth","bit"]');
    expect(recentSearchesKey("pages")).toBe("recentSearches:pages");
  });

  it.each([
    ["not json", "{oops", []],
    ["not a list", '{"0":"bit"}', []],
    ["null", "null", []],
    ["mixed entries", '["bit", 3, null, "", "  ", {"q":"x"}, "eth"]', ["bit", "eth"]],
    ["too long, with duplicates", '["a","b","A","c","d","e"]', ["a", "b", "c", "d"]],
  ])("reads %s safely", (_, raw, expected) => {
    expect(parseRecentSearches(raw)).toEqual(expected);
  });

  it("recovers from a corrupt stored list by starting a new one", () => {
    const store = memoryStore({ "recentSearches:news": "[broken" });
    expect(loadRecentSearches(store.get, "news")).toEqual([]);
    expect(rememberSearch(store.get, "news", "halving")).toEqual(["halving"]);
  });

  it("still works when storage is blocked or full", () => {
    const blocked = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(loadRecentSearches(blocked, "pages")).toEqual([]);
    expect(rememberSearch(blocked, "pages", "faq")).toEqual(["faq"]);
    const full = {
      getItem: () => '["old"]',
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(rememberSearch(() => full, "pages", "faq")).toEqual(["faq", "old"]);
  });
});

const answer: SearchResponse = {
  scope: "all",
  query: "petr",
  suggestions: [{ kind: "stocks", title: "PETR4", subtitle: "Petrobras PN", href: "/stocks/PETR4" }],
  sections: [
    { kind: "pages", results: [], failed: false },
    { kind: "cryptos", results: [], failed: true },
    { kind: "stocks", results: [{ kind: "stocks", title: "PETR3", subtitle: "Petrobras ON", href: "/stocks/PETR3" }], failed: false },
    { kind: "news", results: [], failed: true },
  ],
  failed: false,
};

describe("how an answer is shown", () => {
  it("lists suggestions, then each kind that found something, and names the kinds that failed", () => {
    const { groups, failedKinds } = resultGroups(answer);
    expect(groups.map((group) => [group.key, group.results.map((result) => result.title)])).toEqual([
      ["suggestions", ["PETR4"]],
      ["stocks", ["PETR3"]],
    ]);
    expect(failedKinds).toEqual(["cryptos", "news"]);
  });

  it("leaves a total failure to the one error message", () => {
    const failed: SearchResponse = { ...answer, suggestions: [], sections: [{ kind: "stocks", results: [], failed: true }], failed: true };
    expect(resultGroups(failed)).toEqual({ groups: [], failedKinds: [] });
  });
});

describe("the dialog's request", () => {
  const fetchAnswering = (answerWith: () => Promise<Response>) => vi.fn<typeof fetch>(answerWith);

  it("reads an answer", async () => {
    const fetchImpl = fetchAnswering(async () => Response.json(answer));
    expect(await requestSearch("/search/results?q=petr", new AbortController().signal, fetchImpl)).toEqual(answer);
    expect(fetchImpl).toHaveBeenCalledWith("/search/results?q=petr", expect.objectContaining({ headers: { Accept: "application/json" } }));
  });

  it.each([
    ["no network", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a 502 with the failed answer", async () => Response.json({ ...answer, failed: true }, { status: 502 })],
    ["a 500 error page", async () => new Response("<html>Internal Server Error</html>", { status: 500 })],
    ["a body that is not JSON", async () => new Response("<html>proxy login</html>", { status: 200 })],
    ["JSON that is not an answer", async () => Response.json({ message: "hi" })],
  ])("turns %s into a failure to show, not an exception", async (_, answerWith) => {
    expect(await requestSearch("/search/results?q=petr", new AbortController().signal, fetchAnswering(answerWith))).toBeNull();
  });

  it("rejects when newer text aborted it, so the caller drops it", async () => {
    const controller = new AbortController();
    const fetchImpl = fetchAnswering(
      () =>
        new Promise((_, reject) => controller.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    const request = requestSearch("/search/results?q=petr", controller.signal, fetchImpl);
    controller.abort();
    await expect(request).rejects.toThrow("aborted");
  });
});
