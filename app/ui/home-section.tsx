import { Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

import "./home-section.css";

type HomeSectionProps = { id: string; title: string; hint?: string; className?: string; children: ReactNode };

/** One of the home page's framed sections: a heading, an optional line under it, then its content. */
export function HomeSection({ id, title, hint, className, children }: HomeSectionProps) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id} className={className}>
      <Title order={2} size="h4" id={id} className="home-section__title">
        {title}
      </Title>
      {hint && (
        <Text c="dimmed" inherit className="home-section__hint">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}
