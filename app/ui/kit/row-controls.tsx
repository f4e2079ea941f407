import { IconSelector } from "@tabler/icons-react";
import type { ComponentProps, CSSProperties } from "react";
import { inputFrame } from "./input";

/*
 * A select repeated on every row of a long table, as plain elements with the classes and variables
 * Mantine gives the kit's Select (size sm): the same markup without Mantine's props, styles and
 * theme hooks, which cost a favourites page as much as the rest of its rows.
 * tests/unit/kit-plain-markup.test.tsx holds the markup equal to the kit's, so a Mantine release
 * that changes it fails there first.
 */

const selectFrame = { ...inputFrame, "--input-right-section-pointer-events": "none" } as CSSProperties;

/** The kit's Select, size sm, labelled by its aria-label; its options are its children. */
export function RowSelect({ className, children, ...select }: Omit<ComponentProps<"select">, "style">) {
  return (
    <div className={`kit-field ${className ?? ""} m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root`} data-size="sm">
      <div
        style={selectFrame}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="sm"
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className="kit-input m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          aria-invalid="false"
          {...select}
        >
          {children}
        </select>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
          <IconSelector size={16} aria-hidden />
        </div>
      </div>
    </div>
  );
}
