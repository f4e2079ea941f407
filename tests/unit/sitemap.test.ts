import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";

import { latestReleaseNotes } from "~/content/release-notes.server";
import { cryptoAssets, stockAssets } from "~/market/catalogue";

import { routeArgs } from "../support/router-context";
import { contextWith, createTestServices } from "../support/services";

const services = await createTestServices({ environment: { PUBLIC_URL: "https://markets.example" } });
const argsFor = (url: string) => routeArgs(new Request(`https://markets.example${url}`), contextWith(services));

function parseXml(xml: string) {
  return new new JSDOM("").window.DOMParser().parseFromString(xml, "application/xml");
}

describe("sitemap.xml", () => {
  it("lists every public page, every crypto and stock detail page and the published notes", async () => {
    const { loader } = await import("~/routes/sitemap");
    const response = await loader(argsFor("/sitemap.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const document = parseXml(await response.text());
    expect(document.querySelector("parsererror")).toBeNull();
    const locations = [...document.getElementsByTagName("loc")].map((node) => node.textContent);
    for (const page of [
      "/",
      "/cryptos",
      "/stocks",
      "/news",
      "/currency-converter",
      "/calendar",
      "/compare",
      "/release-notes",
      "/team",
      "/faq",
      "/about-data",
    ]) {
      expect(locations).toContain(`https://markets.example${page}`);
    }
    for (const { id } of cryptoAssets) expect(locations).toContain(`https://markets.example/cryptos/${id}`);
    for (const { ticker } of stockAssets) expect(locations).toContain(`https://markets.example/stocks/${ticker}`);
    const notes = await latestReleaseNotes(services.platform.db, 100);
    expect(notes.length).toBeGreaterThanOrEqual(3);
    for (const { id } of notes) expect(locations).toContain(`https://markets.example/release-notes/${id}`);
    expect(locations.filter((location) => location?.includes("/user") || location?.includes("/admin"))).toEqual([]);
    expect(new Set(locations).size).toBe(locations.length);
    // Each page names its three languages.
    const first = document.getElementsByTagName("url")[0]!;
    expect([...first.getElementsByTagName("xhtml:link")].map((link) => link.getAttribute("hreflang"))).toEqual(["pt-BR", "en", "es"]);
  });
});

describe("robots.txt", () => {
  /** What a crawler following RFC 9309 makes of `path`: the longest rule that starts it wins, Allow on a tie. */
  const mayCrawl = (rules: string, path: string) => {
    const matching = [...rules.matchAll(/^(Allow|Disallow): (\S+)$/gm)]
      .filter(([, , prefix]) => path.startsWith(prefix!))
      .sort(([, kindA, a], [, kindB, b]) => b!.length - a!.length || (kindA === "Allow" ? -1 : kindB === "Allow" ? 1 : 0));
    return matching[0]?.[1] !== "Disallow";
  };

  it("lets crawlers read every page of the sitemap, keeps them out of private ones and points at the sitemap", async () => {
    const { loader } = await import("~/routes/robots");
    const text = await loader(argsFor("/robots.txt")).text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain("Sitemap: https://markets.example/sitemap.xml");
    const sitemap = await (await import("~/routes/sitemap")).loader(argsFor("/sitemap.xml"));
    const pages = [...(await sitemap.text()).matchAll(/<loc>https:\/\/markets\.example([^<]+)<\/loc>/g)].map(([, path]) => path!);
    expect(pages).toContain("/currency-converter");
    for (const path of pages) expect(mayCrawl(text, path), path).toBe(true);
    for (const path of ["/release-notes/rss.xml", "/sitemap.xml"]) expect(mayCrawl(text, path), path).toBe(true);
    for (const path of ["/admin/users", "/admin/release-notes/new", "/user", "/user.data", "/user/register-tables/3", "/proxy/stocks"]) {
      expect(mayCrawl(text, path), path).toBe(false);
    }
    for (const path of ["/chat", "/search?q=petro", "/login/two-fa", "/auth/me", "/favorites", "/feedback", "/currency", "/theme"]) {
      expect(mayCrawl(text, path), path).toBe(false);
    }
  });
});
