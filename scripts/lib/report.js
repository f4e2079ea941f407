// The benchmark's and the budget check's results: one row per checked figure, printed as a
// Markdown table so that it can be pasted into the README as it is.

/**
 * @typedef {{ item: string, measure: string, value: string, target: string, met: boolean | null }} Row
 * `met` is null for a figure shown for information, without a target.
 */

/** @returns {Row} */
export function row(item, measure, value, target, met) {
  return { item, measure, value, target, met };
}

const withDetail = (value, detail) => (detail ? `${value} (${detail})` : value);

/**
 * A row whose figure must stay under `limit`.
 * @param {string} item @param {string} measure @param {number} value @param {number} limit
 * @param {(value: number) => string} [format] @param {string} [detail]
 */
export function underRow(item, measure, value, limit, format = String, detail = "") {
  return row(item, measure, withDetail(format(value), detail), `< ${format(limit)}`, value < limit);
}

/**
 * A row whose figure must reach `minimum`.
 * @param {string} item @param {string} measure @param {number} value @param {number} minimum
 * @param {(value: number) => string} [format] @param {string} [detail]
 */
export function atLeastRow(item, measure, value, minimum, format = String, detail = "") {
  return row(item, measure, withDetail(format(value), detail), `≥ ${format(minimum)}`, value >= minimum);
}

const metLabel = (met) => (met === null ? "—" : met ? "yes" : "**NO**");

/** @param {Row[]} rows */
export function formatTable(rows) {
  const lines = ["| # | measure | value | target | met |", "| --- | --- | ---: | ---: | :---: |"];
  for (const { item, measure, value, target, met } of rows) {
    lines.push(`| ${item} | ${measure} | ${value} | ${target} | ${metLabel(met)} |`);
  }
  return lines.join("\n");
}

/** @param {Row[]} rows */
export function unmetRows(rows) {
  return rows.filter((result) => result.met === false);
}

export const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const megabytes = (value) => `${value.toFixed(1)} MB`;
export const milliseconds = (ms) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
export const ratio = (value) => value.toFixed(2);
export const count = (value) => Math.round(value).toLocaleString("en-US");
