import type { ComponentProps, ReactNode } from "react";

import { StatCard, StatGrid } from "../kit/stat-grid";

/** `valueProps`: a live value's attributes (see liveProps). */
export type Stat = { label: string; hint?: string; value: ReactNode; valueProps?: ComponentProps<typeof StatCard>["valueProps"] };

/** An asset's statistics, a region named for screen readers. */
export function StatsGrid({ stats, label, testId = "statistics" }: { stats: Stat[]; label: string; testId?: string }) {
  return (
    <section aria-label={label}>
      <StatGrid testId={testId}>
        {stats.map((stat) => (
          <StatCard key={stat.label} label={stat.label} hint={stat.hint} valueProps={stat.valueProps}>
            {stat.value}
          </StatCard>
        ))}
      </StatGrid>
    </section>
  );
}
