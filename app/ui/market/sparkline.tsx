import { sparklineBox } from "~/market/crypto-depth";

import "./sparkline.css";

/**
 * A 7-day price line, server-rendered so it needs no script, coloured by the week's change.
 * Decorative: the 7-day change column says the same in words.
 */
export function Sparkline({ path, change }: { path: string | null; change: number | null }) {
  if (!path) return <span className="sparkline sparkline--none">—</span>;
  const direction = change === null || change === 0 ? "flat" : change > 0 ? "up" : "down";
  return (
    <svg className={`sparkline sparkline--${direction}`} viewBox={`0 0 ${sparklineBox.width} ${sparklineBox.height}`} aria-hidden="true">
      <path d={path} />
    </svg>
  );
}
