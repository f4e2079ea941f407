import { Badge } from "@mantine/core";

import "@mantine/core/styles/Badge.css";
import "./tag-list.css";

/** A fact shown as a tag (a stock's type, its currency): the label is read by screen readers only. */
export type Tag = { label: string; value: string };

/** Short facts as a row of quiet, outlined badges. */
export function TagList({ tags, tagTestId }: { tags: readonly Tag[]; tagTestId?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list">
      {tags.map((tag) => (
        <Badge component="li" key={tag.label} title={tag.label} className="tag-list__tag" data-testid={tagTestId}>
          <span className="visually-hidden">{tag.label}: </span>
          {tag.value}
        </Badge>
      ))}
    </ul>
  );
}
