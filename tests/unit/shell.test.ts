import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "~/platform/redirect";
import { contentSecurityPolicy } from "~/platform/security.server";
import { breadcrumbTrail } from "~/ui/shell/breadcrumb";
import { activeBottomNavEntry } from "~/ui/shell/nav-links";

describe("breadcrumb", () => {
  const labels: Record<string, string> = { cryptos: "Criptomoedas", user: "Minha Conta" };
  it("has one crumb per segment, translated when known", () => {
    expect(breadcrumbTrail("/cryptos/bitcoin", (segment) => labels[segment])).toEqual([
      { label: "Criptomoedas", to: "/cryptos" },
      { label: "bitcoin", to: "/cryptos/bitcoin" },
    ]);
    expect(breadcrumbTrail("/", () => undefined)).toEqual([]);
  });
  it("decodes segments and survives malformed encoding", () => {
    expect(breadcrumbTrail("/search/a%20b", () => undefined).at(-1)?.label).toBe("a b");
    expect(breadcrumbTrail("/x/%E0%A4%A", () => undefined).at(-1)?.label).toBe("%E0%A4%A");
  });
});

describe("bottom navigation", () => {
  it.each([
    ["/", "/"],
    ["/news", "/news"],
    ["/stocks/PETR4", "/stocks"],
    ["/cryptos/bitcoin", "/cryptos"],
    ["/more", "/more"],
    ["/user/favorite-items", "/more"],
    ["/about-us", undefined],
    ["/newsletter", undefined],
  ])("%s highlights %s", (pathname, expected) => {
    expect(activeBottomNavEntry(pathname)).toBe(expected);
  });
});

describe("redirect targets", () => {
  it("accepts local paths only", () => {
    expect(safeRedirectPath("/faq?lng=en")).toBe("/faq?lng=en");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(undefined, "/more")).toBe("/more");
  });

  it.each(["/..//evil.example/phish", "/.//evil.example", "/%2e%2e//evil.example", "/a/..//evil.example"])(
    "refuses %s, which resolves to a scheme-relative address",
    (target) => expect(safeRedirectPath(target)).toBe("/"),
  );

  it("gives back any path in a form a Location header can carry", () => {
    expect(safeRedirectPath("/\u0100")).toBe("/%C4%80");
    expect(safeRedirectPath("/%C4%80")).toBe("/%C4%80");
    expect(safeRedirectPath("/cryptos?q=ação#top")).toBe("/cryptos?q=a%C3%A7%C3%A3o#top");
    expect(safeRedirectPath("/\ud800")).toBe("/%EF%BF%BD");
    for (const target of ["/\u0100", "/a b", "/😀?x=€"]) expect(() => new Headers({ Location: safeRedirectPath(target) })).not.toThrow();
  });
});

describe("content security policy", () => {
  it("allows scripts only from this origin or with the request's nonce", () => {
    const policy = contentSecurityPolicy("abc123", { development: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
