import { IconChevronDown } from "@tabler/icons-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A disclosure menu built on <details>, so it opens without JavaScript and by keyboard.
 * With JavaScript it also closes on navigation, Escape and a click elsewhere.
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
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
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
