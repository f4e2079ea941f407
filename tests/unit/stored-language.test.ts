import { describe, expect, it } from "vitest";

import { storedLanguageReload } from "~/i18n/stored-language";

const page = "https://example.test/cryptos?page=2";

describe("a language kept only in the browser's storage", () => {
  it("reloads the page with ?lng= when local or session storage names another language", () => {
    expect(storedLanguageReload({ href: page, cookie: "", stored: ["en", null], rendered: "pt-BR" })).toBe(
      "https://example.test/cryptos?page=2&lng=en",
    );
    expect(storedLanguageReload({ href: page, cookie: "theme=light", stored: [null, "es"], rendered: "pt-BR" })).toBe(
      "https://example.test/cryptos?page=2&lng=es",
    );
    // Local storage comes before session storage in the spec's order.
    expect(storedLanguageReload({ href: page, cookie: "", stored: ["es", "en"], rendered: "pt-BR" })).toContain("lng=es");
  });

  it("leaves the page alone when ?lng= or the cookie decided, storage agrees, or storage holds no language", () => {
    expect(storedLanguageReload({ href: `${page}&lng=pt-BR`, cookie: "", stored: ["en", null], rendered: "pt-BR" })).toBeNull();
    expect(storedLanguageReload({ href: page, cookie: "theme=dark; i18next=pt-BR", stored: ["en", null], rendered: "pt-BR" })).toBeNull();
    expect(storedLanguageReload({ href: page, cookie: "", stored: ["en", null], rendered: "en" })).toBeNull();
    expect(storedLanguageReload({ href: page, cookie: "", stored: ["klingon", null], rendered: "pt-BR" })).toBeNull();
    expect(storedLanguageReload({ href: page, cookie: "", stored: [null, null], rendered: "pt-BR" })).toBeNull();
  });
});
