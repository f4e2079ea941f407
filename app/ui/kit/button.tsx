import { ActionIcon, Button as MantineButton, type ButtonProps as MantineButtonProps } from "@mantine/core";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/ActionIcon.css";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
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

function lookOf({ variant = "default", size = "default", className }: Look) {
  const classes = [variant === "link" ? "kit-button--link" : "", className].filter(Boolean).join(" ") || undefined;
  return { ...mantineVariants[variant], className: classes, size };
}

type ButtonProps = Look & Omit<ComponentProps<"button">, "color" | "style"> & { children: ReactNode };

/** A real <button>: it submits its form without JavaScript. */
export function Button({ variant, size, fullWidth, leftSection, className, children, ...button }: ButtonProps) {
  const look = lookOf({ variant, size, className });
  if (look.size === "icon") {
    return (
      <ActionIcon {...button} variant={look.variant} color={look.color} className={look.className} size="input-sm">
        {children}
      </ActionIcon>
    );
  }
  return (
    <MantineButton {...button} {...look} size={mantineSizes[look.size]} fullWidth={fullWidth} leftSection={leftSection}>
      {children}
    </MantineButton>
  );
}

type ButtonLinkProps = Look &
  Omit<ComponentProps<"a">, "color" | "style" | "href"> & { children: ReactNode } & (
    { to: ComponentProps<typeof Link>["to"]; preventScrollReset?: boolean; href?: never } | { href: string; to?: never }
  );

/**
 * A link that looks like a button: navigation stays a link (new tab, copy address, no-JS).
 * `to` is an app route; `href` a plain address, such as a download.
 */
export function ButtonLink({ variant, size = "default", fullWidth, leftSection, className, children, ...link }: ButtonLinkProps) {
  const look = lookOf({ variant, size, className });
  const mantineSize = look.size === "icon" ? "sm" : mantineSizes[look.size];
  if (link.to !== undefined) {
    return (
      <MantineButton component={Link} {...link} {...look} size={mantineSize} fullWidth={fullWidth} leftSection={leftSection}>
        {children}
      </MantineButton>
    );
  }
  return (
    <MantineButton component="a" {...link} {...look} size={mantineSize} fullWidth={fullWidth} leftSection={leftSection}>
      {children}
    </MantineButton>
  );
}
