import { IconMoon, IconSun } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher, useLocation } from "react-router";
import { defaultTheme, isThemeName, oppositeTheme, themeCookieName, themeStorageKey, type ThemeName } from "../theme";

const themeFetcherKey = "theme";

/** The theme in force: the pending choice while a toggle is in flight, else the server's. */
export function useTheme(serverTheme: ThemeName | undefined): ThemeName {
  const fetcher = useFetcher({ key: themeFetcherKey });
  const pending = fetcher.formData?.get("theme");
  return isThemeName(pending) ? pending : (serverTheme ?? defaultTheme);
}

/** Mirrors the theme to local storage (spec) and adopts a stored one when no cookie exists yet. */
export function useThemePreferenceFromStorage() {
  const fetcher = useFetcher({ key: themeFetcherKey });
  const hasCookie = () => document.cookie.split("; ").some((pair) => pair.startsWith(`${themeCookieName}=`));
  useEffect(() => {
    const stored = localStorage.getItem(themeStorageKey);
    if (!hasCookie() && isThemeName(stored) && stored !== defaultTheme) {
      void fetcher.submit({ theme: stored }, { method: "post", action: "/theme" });
    }
    // Run once at start; `fetcher` changes identity on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

type ThemeToggleProps = { theme: ThemeName; variant: "icon" | "switch" };

/** A real form: without JavaScript it posts to /theme and comes back to the same page. */
export function ThemeToggle({ theme, variant }: ThemeToggleProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: themeFetcherKey });
  const location = useLocation();
  const next = oppositeTheme(theme);
  const label = next === "light" ? t("theme.switchToLight") : t("theme.switchToDark");

  useEffect(() => {
    localStorage.setItem(themeStorageKey, theme);
  }, [theme]);

  return (
    <fetcher.Form method="post" action="/theme" className={`theme-toggle theme-toggle--${variant}`}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variant === "icon" ? (
        <button type="submit" className="icon-button" aria-label={label} title={label} data-testid="theme-toggle">
          {theme === "dark" ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
        </button>
      ) : (
        <button
          type="submit"
          role="switch"
          aria-checked={theme === "dark"}
          className="switch"
          title={label}
          data-testid="dark-mode-switch"
        >
          <span className="switch__track" aria-hidden>
            <span className="switch__thumb" />
          </span>
          <span>{t("theme.darkMode")}</span>
        </button>
      )}
    </fetcher.Form>
  );
}
