import { Group } from "@mantine/core";
import type { ReactNode } from "react";

/** The row over a list: its count and controls (currency, page size) spread to the edges, or kept at the end. */
export function ListToolbar({ end = false, children }: { end?: boolean; children: ReactNode }) {
  return (
    <Group justify={end ? "flex-end" : "space-between"} gap="sm" mt="sm">
      {children}
    </Group>
  );
}
