import { IconMoon, IconSun } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { defaultTheme, isThemeName, oppositeTheme, themeCookieName, type ThemeName, themeStorageKey } from "~/lib/theme";

import { withTooltip } from "../kit/tooltip";

import "./controls.css";
import "./theme-toggle.css";

const themeFetcherKey = "theme";

/** The theme in force: the pending choice while a toggle is in flight, else the server's. */
export function useTheme(serverTheme: ThemeName | undefined): ThemeName {
  const fetcher = useFetcher({ key: themeFetcherKey });
  const pending = fetcher.formData?.get("theme");
  return isThemeName(pending) ? pending : (serverTheme ?? defaultTheme);
}

const hasThemeCookie = () => document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${themeCookieName}=`));

/**
 * Adopts a theme kept only in local storage (no cookie yet, so the server rendered the default):
 * the theme route sets the cookie and the page takes it on. Otherwise mirrors the theme in force
 * to local storage, as the spec asks. One hook, so the mirror can never overwrite the stored
 * choice before it is read.
 */
export function useThemePreferenceFromStorage(theme: ThemeName) {
  const fetcher = useFetcher({ key: themeFetcherKey });
  const location = useLocation();
  const adopting = useRef(false);
  useEffect(() => {
    const stored = localStorage.getItem(themeStorageKey);
    if (!hasThemeCookie() && isThemeName(stored) && stored !== theme) {
      adopting.current = true;
      void fetcher.submit({ theme: stored, redirectTo: `${location.pathname}${location.search}` }, { method: "post", action: "/theme" });
    }
    // Run once at start; `fetcher` changes identity on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (adopting.current && theme !== localStorage.getItem(themeStorageKey)) return;
    adopting.current = false;
    localStorage.setItem(themeStorageKey, theme);
  }, [theme]);
}

type ThemeToggleProps = { theme: ThemeName; variant: "icon" | "switch" };

/** A real form: without JavaScript it posts to /theme and comes back to the same page. */
export function ThemeToggle({ theme, variant }: ThemeToggleProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: themeFetcherKey });
  const location = useLocation();
  const next = oppositeTheme(theme);
  const label = next === "light" ? t("theme.switchToLight") : t("theme.switchToDark");

  return (
    <fetcher.Form method="post" action="/theme" className={`theme-toggle theme-toggle--${variant}`}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variant === "icon" ? (
        <button type="submit" className="icon-button" aria-label={label} {...withTooltip(label)} data-testid="theme-toggle">
          {theme === "dark" ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
        </button>
      ) : (
        <button type="submit" role="switch" aria-checked={theme === "dark"} className="switch" title={label} data-testid="dark-mode-switch">
          <span className="switch__track" aria-hidden>
            <span className="switch__thumb" />
          </span>
          <span>{t("theme.darkMode")}</span>
        </button>
      )}
    </fetcher.Form>
  );
}
