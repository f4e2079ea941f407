import { Tooltip as MantineTooltip } from "@mantine/core";
import "@mantine/core/styles/Tooltip.css";
import { cloneElement, useSyncExternalStore, type PointerEvent, type ReactElement } from "react";

/** The spec's tooltip timing: open after 700 ms, but at once within 300 ms of another closing. */
export const tooltipOpenDelayMs = 700;
export const tooltipSkipDelayMs = 300;

// While a tooltip has just closed, the next one skips its delay, as a person scanning a toolbar expects.
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tooltipLeft() {
  skipping = true;
  notify();
  clearTimeout(skipTimer);
  skipTimer = setTimeout(() => {
    skipping = false;
    notify();
  }, tooltipSkipDelayMs);
}

type TooltipProps = {
  label: string;
  children: ReactElement<{ onPointerLeave?: (event: PointerEvent) => void }>;
};

/**
 * A tooltip for a control that already has an accessible name (an icon button's aria-label):
 * it repeats that name for sighted pointer and keyboard users, never carries anything new.
 */
export function Tooltip({ label, children }: TooltipProps) {
  const skipDelay = useSyncExternalStore(
    subscribe,
    () => skipping,
    () => false,
  );
  const child = cloneElement(children, {
    onPointerLeave: (event: PointerEvent) => {
      children.props.onPointerLeave?.(event);
      tooltipLeft();
    },
  });
  return (
    <MantineTooltip label={label} openDelay={skipDelay ? 0 : tooltipOpenDelayMs} events={{ hover: true, focus: true, touch: false }}>
      {child}
    </MantineTooltip>
  );
}
