import { ActionIcon, type ButtonProps as MantineButtonProps, DEFAULT_THEME, getFontSize, getSize, mergeMantineTheme } from "@mantine/core";
import type { ComponentProps, CSSProperties, ReactNode } from "react";

import { mantineTheme } from "../mantine-theme";
import { dataFlag } from "./data-flag";
import { PlainLink } from "./plain-link";

import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/ActionIcon.css";
import "./button.css";

/** The spec's button variants, drawn with Mantine's. */
export type ButtonVariant = "default" | "destructive" | "outline" | "secondary" | "ghost" | "link";
/** The spec's sizes; "icon" is a square button holding only an icon (give it an aria-label). */
export type ButtonSize = "default" | "xs" | "sm" | "lg" | "icon";

const mantineVariants: Record<ButtonVariant, Pick<MantineButtonProps, "variant" | "color">> = {
  default: { variant: "filled" },
  destructive: { variant: "filled", color: "red" },
  outline: { variant: "default" },
  secondary: { variant: "light" },
  ghost: { variant: "subtle", color: "gray" },
  link: { variant: "transparent" },
};

// Heights 36 / 26 / 30 / 42 px; the smallest still clears WCAG's 24 px target size.
const mantineSizes: Record<Exclude<ButtonSize, "icon">, MantineButtonProps["size"]> = {
  default: "sm",
  xs: "compact-sm",
  sm: "xs",
  lg: "md",
};

type Look = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; leftSection?: ReactNode; className?: string };

/** The props that give Mantine's Button a look of the kit (an icon-sized link button is drawn at size sm). */
export function mantineButtonLook({ variant = "default", size = "default", className }: Look) {
  const classes = [variant === "link" ? "kit-button--link" : "", className].filter(Boolean).join(" ") || undefined;
  return { ...mantineVariants[variant], className: classes, size: size === "icon" ? "sm" : mantineSizes[size] };
}

type ButtonProps = Look & Omit<ComponentProps<"button">, "color" | "style"> & { children: ReactNode };

const theme = mergeMantineTheme(DEFAULT_THEME, mantineTheme);

/**
 * The CSS variables Mantine's Button writes for a look, worked out by Mantine's own helpers and
 * colour resolver (in its order) once per look rather than by its style hooks on every render.
 */
function buttonVariables(variant: ButtonVariant, size: Exclude<ButtonSize, "icon">): CSSProperties {
  const { variant: mantineVariant = "filled", color = theme.primaryColor } = mantineVariants[variant];
  const mantineSize = mantineSizes[size] as string;
  const colors = theme.variantColorResolver({ color, theme, variant: mantineVariant });
  const entries = Object.entries({
    "--button-height": getSize(mantineSize, "button-height"),
    "--button-padding-x": getSize(mantineSize, "button-padding-x"),
    "--button-fz": getFontSize(mantineSize.replace("compact-", "")),
    "--button-bg": colors.background,
    "--button-hover": colors.hover,
    "--button-color": colors.color,
    "--button-bd": colors.border,
    "--button-hover-color": colors.hoverColor,
  }).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as CSSProperties;
}

const variablesByLook = new Map<string, CSSProperties>();
function variablesOf(variant: ButtonVariant, size: Exclude<ButtonSize, "icon">) {
  const key = `${variant} ${size}`;
  let variables = variablesByLook.get(key);
  if (!variables) {
    variables = buttonVariables(variant, size);
    variablesByLook.set(key, variables);
  }
  return variables;
}

/** Mantine's Button's classes, variables and data attributes for a look, on whichever element draws it. */
function buttonRootProps({ variant = "default", size = "default", fullWidth, leftSection, className }: Look, disabled?: boolean) {
  const look = mantineButtonLook({ variant, size, className });
  const classes = [
    "mantine-focus-auto",
    !disabled && "mantine-active",
    look.className,
    "m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    style: variablesOf(variant, size === "icon" ? "default" : size),
    className: classes,
    "data-variant": look.variant,
    "data-size": look.size,
    "data-disabled": dataFlag(disabled),
    "data-block": dataFlag(fullWidth),
    "data-with-left-section": dataFlag(Boolean(leftSection)),
  };
}

function ButtonInner({ leftSection, children }: { leftSection?: ReactNode; children: ReactNode }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      {leftSection && (
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
      )}
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  );
}

/**
 * A real <button>: it submits its form without JavaScript. Drawn as Mantine's Button draws itself
 * (classes, variables, data attributes; tests/unit/kit-plain-markup.test.tsx holds them equal)
 * without its props, styles and theme hooks, a share of every page with a few buttons.
 */
export function Button({ variant = "default", size = "default", fullWidth, leftSection, className, children, ...button }: ButtonProps) {
  if (size === "icon") {
    const look = mantineButtonLook({ variant, size, className });
    return (
      <ActionIcon {...button} variant={look.variant} color={look.color} className={look.className} size="input-sm">
        {children}
      </ActionIcon>
    );
  }
  const { disabled, ...rest } = button;
  const root = buttonRootProps({ variant, size, fullWidth, leftSection, className }, disabled);
  return (
    <button type="button" {...rest} {...root} disabled={disabled}>
      <ButtonInner leftSection={leftSection}>{children}</ButtonInner>
    </button>
  );
}

type ButtonLinkProps = Look &
  Omit<ComponentProps<"a">, "color" | "style" | "href"> & { children: ReactNode } & (
    { to: string; preventScrollReset?: boolean; href?: never } | { href: string; to?: never }
  );

/**
 * A link that looks like a button: navigation stays a link (new tab, copy address, no-JS).
 * `to` is an app route, followed in the app like a PlainLink; `href` a plain address, such as a
 * download. Mantine's Button drawn as a link, as Button above.
 */
export function ButtonLink({ variant, size, fullWidth, leftSection, className, children, ...link }: ButtonLinkProps) {
  const root = buttonRootProps({ variant, size, fullWidth, leftSection, className });
  const inner = <ButtonInner leftSection={leftSection}>{children}</ButtonInner>;
  if (link.to !== undefined) {
    return (
      <PlainLink {...link} {...root}>
        {inner}
      </PlainLink>
    );
  }
  return (
    <a {...link} {...root}>
      {inner}
    </a>
  );
}
