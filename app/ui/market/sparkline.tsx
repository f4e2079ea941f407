import { sparklineLevels } from "~/market/crypto-depth";
import "./sparkline.css";

/** The drawing box; the stylesheet sets the size on screen. */
const width = 84;
const height = sparklineLevels + 2;

/**
 * The path through heights from 0 to sparklineLevels across the box, in whole units: a 43-point
 * line is about 250 characters, which counts in a list of a hundred rows. Null with nothing to draw.
 */
export function sparklinePath(levels: readonly number[]): string | null {
  if (levels.length < 2) return null;
  const step = width / (levels.length - 1);
  // 1 unit of margin so the stroke is not cut at the top and bottom.
  const points = levels.map((level, i) => `${Math.round(i * step)} ${1 + sparklineLevels - level}`);
  return `M${points[0]}L${points.slice(1).join(" ")}`;
}

/**
 * A 7-day price line, server-rendered so it needs no script, coloured by the week's change.
 * Decorative: the 7-day change column says the same in words.
 */
export function Sparkline({ levels, change }: { levels: readonly number[] | null; change: number | null }) {
  const path = levels && sparklinePath(levels);
  if (!path) return <span className="sparkline sparkline--none">—</span>;
  const direction = change === null || change === 0 ? "flat" : change > 0 ? "up" : "down";
  return (
    <svg className={`sparkline sparkline--${direction}`} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
