import { describe, expect, it } from "vitest";

import {
  chunkImports,
  gzipSize,
  renderedRows,
  scriptGraph,
  scriptUrlsInHtml,
  stylesheetUrlsInHtml,
  translationChunks,
} from "../../scripts/lib/assets.js";
import { applySetCookies, cookieHeader } from "../../scripts/lib/http.js";
import { combineRuns, summarise } from "../../scripts/lib/load.js";
import { atLeastRow, formatTable, row, underRow, unmetRows } from "../../scripts/lib/report.js";

const page = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>
<link rel="modulepreload" href="/assets/root-B.js"/>
<link nonce="n" rel="stylesheet" href="/assets/root-C.css"/>
<link rel="stylesheet" href="/assets/home-D.css">
<link rel="icon" href="/favicon.svg"/>
</head><body>
<table><thead><tr><th>Name</th></tr></thead><tbody><tr><td>a</td></tr><tr><td>b</td></tr></tbody></table>
<dl><dt>Price</dt><dd>1</dd><dt>Volume</dt><dd>2</dd></dl>
<script type="module" async="">;
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/home-E.js";
window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-A.js" }, "routes": { "other": { "module": "/assets/other-F.js" } }, "url": "/assets/manifest-1.js" };
import("/assets/entry.client-A.js");
</script></body></html>`;

describe("page assets", () => {
  it("finds the scripts a page fetches, not the modules its route manifest lists for later", () => {
    expect(scriptUrlsInHtml(page).sort()).toEqual(["/assets/entry.client-A.js", "/assets/home-E.js", "/assets/root-B.js"]);
  });

  it("finds the stylesheets a page links", () => {
    expect(stylesheetUrlsInHtml(page)).toEqual(["/assets/root-C.css", "/assets/home-D.css"]);
  });

  it("tells a chunk's static imports from its dynamic ones, resolved against the chunk", () => {
    const source = `import{j as e}from"./chunk-1.js";import"./side-2.js";const l=()=>import("./charts-3.js");const d=["assets/dep-4.js","assets/style.css"];`;
    expect(chunkImports(source, "/assets/home-E.js")).toEqual({
      loaded: ["/assets/chunk-1.js", "/assets/side-2.js"],
      deferred: ["/assets/charts-3.js", "/assets/dep-4.js"],
    });
  });

  it("finds the translation chunks of one language among a chunk's lazy imports", () => {
    const source =
      `const t=Object.assign({"../../locales/en/common.json":()=>r(()=>import("./common-1.js"),[]),` +
      `"../../locales/pt-BR/common.json":()=>r(()=>import("./common-2.js"),[]),"../../locales/pt-BR/feedback.json":()=>r(()=>import("./feedback-3.js"),[])});`;
    expect(translationChunks(source, "/assets/browser-detector-A.js", "pt-BR")).toEqual(["/assets/common-2.js", "/assets/feedback-3.js"]);
    expect(translationChunks(source, "/assets/browser-detector-A.js", "es")).toEqual([]);
  });

  it("follows imports transitively, through cycles and past missing chunks", () => {
    const chunks: Record<string, string> = {
      "/assets/a.js": `import"./b.js";const x=()=>import("./lazy.js");`,
      "/assets/b.js": `import{a}from"./a.js";import"./gone.js";`,
      "/assets/lazy.js": `import"./lazy-dep.js";`,
      "/assets/lazy-dep.js": "",
    };
    const graph = scriptGraph(["/assets/a.js"], (url: string) => chunks[url]);
    expect([...graph.loaded].sort()).toEqual(["/assets/a.js", "/assets/b.js", "/assets/gone.js"]);
    expect([...graph.reachable].sort()).toEqual([
      "/assets/a.js",
      "/assets/b.js",
      "/assets/gone.js",
      "/assets/lazy-dep.js",
      "/assets/lazy.js",
    ]);
  });

  it("counts body rows and statistic items, not header rows", () => {
    expect(renderedRows(page)).toBe(4);
    expect(renderedRows("<main><p>No table</p></main>")).toBe(0);
  });

  it("counts the items of the main content's lists, not its navigation's or the header's", () => {
    const home = `<header><nav><ul><li>Menu</li></ul></nav></header><main><ul class="heat-map"><li>A</li><li>B</li></ul>
      <ol><li>1</li></ol><nav aria-label="Pages"><ul><li>1</li><li>2</li></ul></nav></main><footer><ul><li>Link</li></ul></footer>`;
    expect(renderedRows(home)).toBe(3);
  });

  it("measures gzip size", () => {
    const repetitive = "<tr><td>row</td></tr>".repeat(1000);
    expect(gzipSize(repetitive)).toBeGreaterThan(0);
    expect(gzipSize(repetitive)).toBeLessThan(repetitive.length / 20);
  });
});

describe("cookie jar", () => {
  it("keeps, replaces and removes cookies as a browser does", () => {
    const jar = applySetCookies(new Map(), [
      "access_token=a1; Path=/; HttpOnly; Max-Age=900",
      "refresh_token=r1; Path=/; HttpOnly",
      "flash=hello; Path=/",
    ]);
    expect(cookieHeader(jar)).toBe("access_token=a1; refresh_token=r1; flash=hello");
    applySetCookies(jar, ["flash=; Path=/; Max-Age=0", "access_token=a2; Path=/", "theme=dark; Max-Age=0"]);
    expect(cookieHeader(jar)).toBe("access_token=a2; refresh_token=r1");
  });
});

function autocannonResult(overrides: Record<string, unknown> = {}) {
  return {
    requests: { total: 1000, average: 90 },
    throughput: { total: 2_000_000 },
    latency: { p50: 4, p99: 20 },
    duration: 10,
    errors: 1,
    timeouts: 2,
    "1xx": 0,
    "2xx": 990,
    "3xx": 4,
    "4xx": 3,
    "5xx": 3,
    statusCodeStats: { "200": { count: 990 }, "302": { count: 4 }, "404": { count: 3 }, "500": { count: 3 }, undefined: { count: 3 } },
    ...overrides,
  };
}

describe("load results", () => {
  it("counts completed requests over the run's length, redirects apart from failures", () => {
    expect(summarise(autocannonResult())).toEqual({
      requestsPerSecond: 100,
      p50: 4,
      p99: 20,
      bytesPerResponse: 2000,
      total: 1000,
      redirects: 4,
      failures: 9,
      errors: 1,
      timeouts: 2,
      statusCodes: { "200": 990, "302": 4, "404": 3, "500": 3 },
    });
  });

  it("combines slices: rates averaged, counts added, the worst p99", () => {
    const first = { ...summarise(autocannonResult()), serverCpu: 0.8 };
    const second = { ...summarise(autocannonResult({ requests: { total: 2000 }, latency: { p50: 6, p99: 45 } })), serverCpu: 1 };
    const combined = combineRuns([first, second]);
    expect(combined.requestsPerSecond).toBe(150);
    expect(combined.p50).toBe(5);
    expect(combined.p99).toBe(45);
    expect(combined.serverCpu).toBeCloseTo(0.9);
    expect(combined.total).toBe(2000);
    expect(combined.failures).toBe(18);
    expect(combined.timeouts).toBe(4);
    expect(combined.statusCodes).toEqual({ "200": 1980, "302": 8, "404": 6, "500": 6 });
  });
});

describe("report", () => {
  it("checks a figure against its limit and shows both in the same units", () => {
    const kb = (bytes: number) => `${bytes / 1000} kB`;
    expect(underRow("3", "JavaScript", 212_000, 200_000, kb)).toEqual(row("3", "JavaScript", "212 kB", "< 200 kB", false));
    expect(underRow("2", "render", 3.5, 4, String, "7 ms ÷ 2 ms")).toEqual(row("2", "render", "3.5 (7 ms ÷ 2 ms)", "< 4", true));
    expect(atLeastRow("1", "req/s ÷ static", 0.3, 0.3).met).toBe(true);
    expect(atLeastRow("1", "req/s ÷ static", 0.29, 0.3).met).toBe(false);
  });

  it("prints a Markdown table and lists the targets not met, leaving information rows out", () => {
    const rows = [
      row("1", "home: p99", "12 ms", "< 50 ms", true),
      row("2", "render", "5.1", "< 4", false),
      row("—", "info", "1.2", "—", null),
    ];
    expect(formatTable(rows).split("\n")).toEqual([
      "| # | measure | value | target | met |",
      "| --- | --- | ---: | ---: | :---: |",
      "| 1 | home: p99 | 12 ms | < 50 ms | yes |",
      "| 2 | render | 5.1 | < 4 | **NO** |",
      "| — | info | 1.2 | — | — |",
    ]);
    expect(unmetRows(rows).map((found) => found.measure)).toEqual(["render"]);
  });
});
