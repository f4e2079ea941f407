import type { ReactNode } from "react";
import { StatCard, StatGrid } from "../kit/stat-grid";

export type Stat = { label: string; value: ReactNode };

/** An asset's statistics, a region named for screen readers. */
export function StatsGrid({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <section aria-label={label}>
      <StatGrid testId="statistics">
        {stats.map((stat) => (
          <StatCard key={stat.label} label={stat.label}>
            {stat.value}
          </StatCard>
        ))}
      </StatGrid>
    </section>
  );
}
