import type { ReactNode } from "react";

export type Stat = { label: string; value: ReactNode };

/** Statistics as a description list: label and value stay paired for screen readers. */
export function StatsGrid({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <section aria-label={label} className="stats">
      <dl className="stats__grid" data-testid="statistics">
        {stats.map((stat) => (
          <div key={stat.label} className="stats__item">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
