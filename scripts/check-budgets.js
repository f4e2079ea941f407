// Page weight budgets of the production build (issue 9, item 3). Boots the built app, reads the
// server-rendered HTML of the pages below and the chunks in build/client, prints each figure and
// exits 1 when a budget is exceeded. `npm run bench` runs the same checks against its own server.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { gzipSize, scriptGraph, scriptUrlsInHtml, stylesheetUrlsInHtml, translationChunks } from "./lib/assets.js";
import { closeConnections, fetchText } from "./lib/http.js";
import { formatTable, kilobytes, row, underRow, unmetRows } from "./lib/report.js";
import { projectRoot, startRealApp } from "./lib/servers.js";

// Issue 17 caps home JavaScript at 230 kB gzip (the kit and Mantine notifications brought it to ~213 kB).
export const budgets = { homeScriptBytes: 230_000, stylesheetBytes: 40_000, listHtmlBytes: 60_000 };
const listPages = ["/cryptos", "/stocks", "/news", "/release-notes", "/calendar", "/currency-converter"];
const chartPage = "/cryptos/bitcoin";
const chartLibraryMark = "tv-lightweight-charts";

/** The built chunk of lightweight-charts, found by a class name the library gives its chart element. */
function chartLibraryChunk(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find(
    (name) => name.endsWith(".js") && readFileSync(path.join(assets, name), "utf8").includes(chartLibraryMark),
  );
  return file && `/assets/${file}`;
}

/**
 * @param {{ baseUrl: string, clientDir?: string }} options
 * @returns {Promise<import("./lib/report.js").Row[]>}
 */
export async function checkBudgets({ baseUrl, clientDir = path.join(projectRoot, "build/client") }) {
  const readAsset = (url) => {
    try {
      return readFileSync(path.join(clientDir, url));
    } catch {
      return undefined;
    }
  };
  const readChunk = (url) => readAsset(url)?.toString("utf8");
  const totalGzip = (urls) => [...urls].reduce((sum, url) => sum + gzipSize(readAsset(url) ?? Buffer.alloc(0)), 0);

  const pages = new Map();
  for (const page of ["/", ...listPages, chartPage]) {
    const html = await fetchText(baseUrl + page);
    pages.set(page, { html, scripts: scriptGraph(scriptUrlsInHtml(html), readChunk) });
  }
  const rows = [];

  const home = pages.get("/");
  const language = /<html\b[^>]*\blang="([^"]+)"/.exec(home.html)?.[1] ?? "pt-BR";
  const translations = [...home.scripts.loaded].flatMap((url) => translationChunks(readChunk(url) ?? "", url, language));
  const homeScripts = totalGzip(new Set([...home.scripts.loaded, ...translations]));
  const homeFiles = `${home.scripts.loaded.size} files and ${translations.length} of ${language} translations`;
  rows.push(underRow("3", `home JavaScript, gzip (${homeFiles})`, homeScripts, budgets.homeScriptBytes, kilobytes));

  const stylesheets = [...pages].map(([page, { html }]) => ({ page, bytes: totalGzip(stylesheetUrlsInHtml(html)) }));
  const heaviest = stylesheets.reduce((most, next) => (next.bytes > most.bytes ? next : most));
  rows.push(underRow("3", `CSS, gzip (heaviest page: ${heaviest.page})`, heaviest.bytes, budgets.stylesheetBytes, kilobytes));

  for (const page of listPages) {
    rows.push(underRow("3", `HTML of ${page}, gzip`, gzipSize(pages.get(page).html), budgets.listHtmlBytes, kilobytes));
  }

  const chunk = chartLibraryChunk(clientDir);
  const pagesWithCharts = [...pages].filter(([, { scripts }]) => chunk && scripts.reachable.has(chunk)).map(([page]) => page);
  const chartsOnlyWhereCharted = Boolean(chunk) && pagesWithCharts.length === 1 && pagesWithCharts[0] === chartPage;
  rows.push(
    row(
      "3",
      "lightweight-charts referenced by",
      chunk ? pagesWithCharts.join(", ") || "no page" : "chunk not found",
      chartPage,
      chartsOnlyWhereCharted,
    ),
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const app = await startRealApp({ name: "budgets" });
  try {
    const rows = await checkBudgets({ baseUrl: app.url });
    console.log(`Page weight budgets\n\n${formatTable(rows)}\n`);
    const unmet = unmetRows(rows);
    if (unmet.length > 0) {
      console.error(`Over budget: ${unmet.map((result) => result.measure).join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    closeConnections();
    await app.stop();
  }
}
