import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";

import "./asset-image.css";

/** The spec's skeleton gives up after 15 s, so a stalled image does not shimmer forever. */
const skeletonTimeoutMs = 15_000;

type ImageWithSkeletonProps = { src: string | null; width: number; height: number; fallback: ReactNode; className?: string };

/**
 * An image with explicit size (no layout shift), a skeleton while it loads, and `fallback`
 * when there is no image or it fails to load.
 */
export function ImageWithSkeleton({ src, width, height, fallback, className = "" }: ImageWithSkeletonProps) {
  const [state, setImageState] = useState<"loading" | "loaded" | "failed" | "timeout">("loading");
  // A page's images settle together right after hydration: as a transition, their dozens of
  // re-renders yield to the main thread instead of making one long task.
  const setState = (next: Parameters<typeof setImageState>[0]) => startTransition(() => setImageState(next));
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An image that finished before hydration fired its events too early for React to see them.
    if (image.current?.complete) setState(image.current.naturalWidth > 0 ? "loaded" : "failed");
    const timer = setTimeout(() => setState((current) => (current === "loading" ? "timeout" : current)), skeletonTimeoutMs);
    return () => clearTimeout(timer);
  }, [src]);

  if (!src || state === "failed") return <>{fallback}</>;
  return (
    <span className={`image-frame ${state === "loading" ? "image-frame--loading" : ""} ${className}`} style={{ width, height }}>
      <img
        ref={image}
        src={src}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onLoad={() => setState("loaded")}
        onError={() => setState("failed")}
      />
    </span>
  );
}

/** An asset's logo, or a monogram of its symbol. */
export function AssetImage({ src, label, size = 28 }: { src: string | null; label: string; size?: number }) {
  const monogram = (
    <span className="asset-monogram" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden>
      {label
        .replace(/[^\p{L}\p{N}]/gu, "")
        .slice(0, 2)
        .toUpperCase() || "?"}
    </span>
  );
  return <ImageWithSkeleton src={src} width={size} height={size} fallback={monogram} className="image-frame--round" />;
}
