import { useEffect, useLayoutEffect, useRef, useState } from "react";

import "./tooltip.css";

/** The spec's tooltip timing: open after 700 ms; for 300 ms after one closes, the next opens at once. */
const tooltipOpenDelayMs = 700;
const tooltipSkipDelayMs = 300;
const gapPx = 6;
const viewportMarginPx = 8;

/**
 * Gives an element a tooltip: a short visual hint of what an icon-only control does. The element
 * keeps its own accessible name (aria-label), which the tooltip repeats, so the bubble is hidden
 * from screen readers. Without JavaScript a CSS bubble shows the same text.
 */
export function withTooltip(label: string) {
  return { "data-tooltip": label } as const;
}

type OpenTooltip = { target: HTMLElement; text: string };

/**
 * One bubble for every `withTooltip` element on the page, placed by the layer rather than by each
 * element: rows of icon buttons cost nothing until one is hovered, and no positioning library
 * (and its weight) is needed.
 */
export function TooltipLayer() {
  const [open, setOpen] = useState<OpenTooltip | null>(null);
  const bubble = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The layer takes over from the CSS fallback.
    document.documentElement.dataset.tooltips = "layer";
    let current: HTMLElement | null = null;
    let shown = false;
    let closedAt = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const hide = () => {
      clearTimeout(timer);
      if (shown) closedAt = performance.now();
      current = null;
      shown = false;
      setOpen(null);
    };
    const schedule = (target: HTMLElement) => {
      if (target === current) return;
      clearTimeout(timer);
      const warm = shown || performance.now() - closedAt < tooltipSkipDelayMs;
      if (shown) closedAt = performance.now();
      current = target;
      shown = false;
      setOpen(null);
      timer = setTimeout(
        () => {
          const text = target.dataset.tooltip;
          if (!text || !target.isConnected) return;
          shown = true;
          setOpen({ target, text });
        },
        warm ? 0 : tooltipOpenDelayMs,
      );
    };
    const tooltipTarget = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null);
    const staysWithin = (node: EventTarget | null) =>
      node instanceof Node && Boolean(current?.contains(node) || bubble.current?.contains(node));

    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const target = tooltipTarget(event.target);
      if (target) schedule(target);
    };
    // The pointer may move onto the bubble without closing it (WCAG 1.4.13, hoverable).
    const onPointerOut = (event: PointerEvent) => {
      if (current && !staysWithin(event.relatedTarget)) hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = tooltipTarget(event.target);
      if (target?.matches(":focus-visible")) schedule(target);
      else if (current) hide();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (current && !staysWithin(event.relatedTarget)) hide();
    };
    // Escape dismisses it without moving the pointer or the focus (WCAG 1.4.13, dismissible).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && current) hide();
    };

    document.addEventListener("pointerover", onPointerOver);
    document.addEventListener("pointerout", onPointerOut);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    document.addEventListener("keydown", onKeyDown);
    // A press acts on the control; its hint would then only be in the way (and may be out of date).
    document.addEventListener("pointerdown", hide);
    window.addEventListener("scroll", hide, { passive: true });
    return () => {
      clearTimeout(timer);
      delete document.documentElement.dataset.tooltips;
      document.removeEventListener("pointerover", onPointerOver);
      document.removeEventListener("pointerout", onPointerOut);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", hide);
      window.removeEventListener("scroll", hide);
    };
  }, []);

  // Below the control, or above it when the viewport ends first; never past the viewport's sides.
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!open || !element) return;
    const anchor = open.target.getBoundingClientRect();
    const { width, height } = element.getBoundingClientRect();
    const below = anchor.bottom + gapPx;
    const top = below + height > window.innerHeight - viewportMarginPx ? anchor.top - gapPx - height : below;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    const left = Math.min(Math.max(centred, viewportMarginPx), window.innerWidth - width - viewportMarginPx);
    element.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }, [open]);

  if (!open) return null;
  return (
    <div ref={bubble} className="kit-tooltip" aria-hidden data-testid="tooltip">
      {open.text}
    </div>
  );
}
