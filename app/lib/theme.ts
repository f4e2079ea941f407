export const themeNames = ["dark", "light"] as const;
export type ThemeName = (typeof themeNames)[number];
export const themeCookieName = "theme";
export const themeStorageKey = "theme";
/** Dark is the default when nothing is stored. */
export const defaultTheme: ThemeName = "dark";

export function isThemeName(value: unknown): value is ThemeName {
  return value === "dark" || value === "light";
}

export function oppositeTheme(theme: ThemeName): ThemeName {
  return theme === "dark" ? "light" : "dark";
}
