import { type ComponentPropsWithoutRef, useEffect } from "react";
import { useNavigate } from "react-router";

type PlainLinkProps = Omit<ComponentPropsWithoutRef<"a">, "href"> & {
  /** A path inside the app ("/stocks/PETR4"), as for React Router's Link. */
  to: string;
  /** Keeps the window where it is after the navigation (sorting or paging a list), as React Router's Link's prop. */
  preventScrollReset?: boolean;
};

/**
 * A link to a page of the app rendered as a bare anchor. React Router's Link resolves its path and
 * builds a click handler per link, which dominates the render of a page with a hundred asset rows;
 * here one listener (PlainLinkNavigation) does the navigation for every such anchor. React Router
 * knows every route from the start (`routeDiscovery` in react-router.config.ts): nothing to discover.
 */
export function PlainLink({ to, preventScrollReset, children, ...rest }: PlainLinkProps) {
  return (
    <a {...rest} href={to} data-plain-link="" data-prevent-scroll-reset={preventScrollReset ? "" : undefined}>
      {children}
    </a>
  );
}

/**
 * Navigates inside the app, as a Link's click does, for a plain click on any PlainLink; a click
 * with a modifier key, a middle click or a link with a target keeps the browser's own behaviour.
 */
export function PlainLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-plain-link]") : null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = `${url.pathname}${url.search}${url.hash}`;
      const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(path, { replace: path === current, preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
