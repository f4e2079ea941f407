import { Paper, SimpleGrid, type SimpleGridProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

import "./card-grid.css";

/** A list of cards laid out as a grid: each child is a list item. */
export function CardGrid({ cols, children }: { cols: SimpleGridProps["cols"]; children: ReactNode }) {
  return (
    <SimpleGrid cols={cols} mt="md" component="ul" className="card-grid">
      {children}
    </SimpleGrid>
  );
}

/** A whole card that is one link, for a grid of destinations. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Paper component={Link} to={to} withBorder p="lg" className="card-link">
      {children}
    </Paper>
  );
}
