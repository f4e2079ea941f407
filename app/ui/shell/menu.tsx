import { IconChevronDown } from "@tabler/icons-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import "./controls.css";
import "./menu.css";

/**
 * A disclosure menu built on <details>, so it opens without JavaScript and by keyboard.
 * With JavaScript it also closes on navigation, Escape, a click elsewhere and focus moving out.
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
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("focusout", onFocusOut);
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
