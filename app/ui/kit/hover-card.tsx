import { type ReactNode, useEffect, useRef } from "react";

import "./hover-card.css";

type HoverCardProps = {
  /** What is hovered or focused; it should point at `dropdownId` with aria-describedby. */
  target: ReactNode;
  dropdownId: string;
  children: ReactNode;
  className?: string;
};

/**
 * A card of details under its target: it opens after 700 ms of hover and closes 300 ms after the
 * pointer leaves (so the pointer can travel onto it), and opens at once on keyboard focus. CSS
 * does the opening, so it works the same without JavaScript; screen readers get the details as a
 * description. With JavaScript, Escape dismisses it until the pointer or focus leaves (WCAG 1.4.13).
 */
export function HoverCard({ target, dropdownId, children, className }: HoverCardProps) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    // On the document: a hovering pointer leaves the focus elsewhere.
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.matches(":hover, :focus-within")) element.dataset.dismissed = "";
    };
    const restore = () => delete element.dataset.dismissed;
    document.addEventListener("keydown", dismiss);
    element.addEventListener("mouseleave", restore);
    element.addEventListener("focusout", restore);
    return () => {
      document.removeEventListener("keydown", dismiss);
      element.removeEventListener("mouseleave", restore);
      element.removeEventListener("focusout", restore);
    };
  }, []);
  return (
    <div ref={card} className={className ? `kit-hover-card ${className}` : "kit-hover-card"}>
      {target}
      <div id={dropdownId} className="kit-hover-card__dropdown" data-testid="hover-card-dropdown">
        {children}
      </div>
    </div>
  );
}
