import type { Language } from "~/i18n/languages";

/** The social-share image's size: the 1.91:1 card Open Graph and Twitter show largest. */
export const ogImage = { width: 1200, height: 630 } as const;

/** Each language has its own image, since it carries the app's tagline (drawn by scripts/og-images.ts). */
export function ogImagePath(language: Language): string {
  return `/og/${language}.png`;
}
