import { useEffect, useState } from "react";

import type { ChartLibrary } from "./canvas-base";

/**
 * After hydration, loads lightweight-charts and builds a chart into `container` with `create` (a
 * module-level function, so it never changes); returns it once built. Until then, and for good if
 * the download or the canvas fails, it returns null and the page keeps its server-rendered SVG.
 */
export function useLazyChart<T extends { dispose(): void }>(
  container: HTMLElement | null,
  create: (lib: ChartLibrary, container: HTMLElement) => T,
): T | null {
  const [chart, setChart] = useState<T | null>(null);

  useEffect(() => {
    if (!container) return;
    let cancelled = false;
    let created: T | undefined;
    async function mount(target: HTMLElement) {
      // Imported here, not at the top, so the library is a browser-only chunk fetched by chart pages.
      const lib = await import("lightweight-charts");
      if (cancelled) return;
      created = create(lib, target);
      setChart(created);
    }
    mount(container).catch(() => {
      // Offline, or no canvas support: the SVG is a complete chart on its own.
    });
    return () => {
      cancelled = true;
      created?.dispose();
    };
  }, [container, create]);

  return chart;
}
