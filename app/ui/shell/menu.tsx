import { IconChevronDown } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

import "./controls.css";
import "./menu.css";

/** The spec's submenu timing: a mouse resting 100 ms opens it; leaving it, 300 ms of grace before it closes. */
const menuHoverOpenDelayMs = 100;
const menuHoverCloseGraceMs = 300;

/**
 * A disclosure menu built on <details>, so it opens without JavaScript and by keyboard.
 * With JavaScript it also closes on navigation, Escape, a click elsewhere and focus moving out,
 * and a mouse opens it by hovering (a click then keeps it open, as a click alone does).
 */
export function DisclosureMenu({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => details.removeAttribute("open");
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        close();
        details.querySelector("summary")?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close();
    };
    // Tabbing on past the menu closes it: left open, it would cover what the focus moves to.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) close();
    };

    // Opened by hovering, it closes when the mouse leaves; pinned by a click, it stays.
    let hoverTimer: ReturnType<typeof setTimeout> | undefined;
    let openedByHover = false;
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(hoverTimer);
      if (details.open) return;
      hoverTimer = setTimeout(() => {
        if (details.open) return;
        openedByHover = true;
        details.open = true;
      }, menuHoverOpenDelayMs);
    };
    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(hoverTimer);
      if (openedByHover) hoverTimer = setTimeout(close, menuHoverCloseGraceMs);
    };
    const onSummaryClick = (event: MouseEvent) => {
      clearTimeout(hoverTimer);
      if (!openedByHover) return;
      // The hover already opened it: the click pins it instead of toggling it shut.
      event.preventDefault();
      openedByHover = false;
    };
    const onToggle = () => {
      if (!details.open) openedByHover = false;
    };
    const summary = details.querySelector("summary");

    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    details.addEventListener("pointerenter", onPointerEnter);
    details.addEventListener("pointerleave", onPointerLeave);
    details.addEventListener("toggle", onToggle);
    summary?.addEventListener("click", onSummaryClick);
    return () => {
      clearTimeout(hoverTimer);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("pointerenter", onPointerEnter);
      details.removeEventListener("pointerleave", onPointerLeave);
      details.removeEventListener("toggle", onToggle);
      summary?.removeEventListener("click", onSummaryClick);
    };
  }, []);

  return (
    <details ref={ref} className={`menu ${className ?? ""}`}>
      <summary>
        {label}
        <IconChevronDown size={16} aria-hidden className="menu__chevron" />
      </summary>
      <div className="menu__panel">{children}</div>
    </details>
  );
}
