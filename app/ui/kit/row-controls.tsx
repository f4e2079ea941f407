import { IconSelector } from "@tabler/icons-react";
import type { ComponentProps, CSSProperties, ReactNode } from "react";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import { inputFrame } from "./input";

/*
 * A control repeated on every row of a long table, as plain elements with the classes and
 * variables Mantine gives the kit's Select (size sm) and Button (outline, size default): the same
 * markup without Mantine's props, styles and theme hooks, which cost a favourites page as much as
 * the rest of its rows. tests/unit/kit-plain-markup.test.tsx holds the markup equal to the kit's, so a
 * Mantine release that changes it fails there first.
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

const outlineButton = {
  "--button-height": "var(--button-height-sm)",
  "--button-padding-x": "var(--button-padding-x-sm)",
  "--button-fz": "var(--mantine-font-size-sm)",
  "--button-bg": "var(--mantine-color-default)",
  "--button-hover": "var(--mantine-color-default-hover)",
  "--button-color": "var(--mantine-color-default-color)",
  "--button-bd": "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)",
} as CSSProperties;

type RowButtonProps = Omit<ComponentProps<"button">, "style" | "color"> & { leftSection: ReactNode; children: ReactNode };

/** The kit's outline Button, default size, with an icon before its label. */
export function RowButton({ className, leftSection, children, ...button }: RowButtonProps) {
  return (
    <button
      style={outlineButton}
      className={`mantine-focus-auto mantine-active ${className ?? ""} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant="default"
      data-size="sm"
      data-with-left-section="true"
      {...button}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </button>
  );
}
