import { describe, expect, it } from "vitest";
import {
  loadRecentSearches,
  parseRecentSearches,
  recentSearchesKey,
  rememberSearch,
  withRecentSearch,
} from "~/ui/search/recent-searches";
import { isExternalHref, scopeForPath, searchHref } from "~/ui/search/search-scope";

describe("search scope from the current path", () => {
  it.each([
    ["/cryptos", "cryptos"],
    ["/cryptos/bitcoin", "cryptos"],
    ["/user/favorite-items/cryptos", "cryptos"],
    ["/news", "news"],
    ["/news/", "news"],
    ["/stocks", "stocks"],
    ["/stocks/PETR4", "stocks"],
    ["/", "pages"],
    ["/faq", "pages"],
    ["/search", "pages"],
    ["/newsletter", "pages"],
    ["/stocksy", "pages"],
  ])("%s searches %s", (pathname, scope) => {
    expect(scopeForPath(pathname)).toBe(scope);
  });

  it("builds the /search URL both the dialog and the page use", () => {
    expect(searchHref("stocks", "petr 4&x")).toBe("/search?q=petr+4%26x&scope=stocks");
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
    rememberSearch(store.get, "cryptos", "eth");
    expect(loadRecentSearches(store.get, "cryptos")).toEqual(["eth", "bit"]);
    expect(loadRecentSearches(store.get, "stocks")).toEqual(["petr"]);
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
