import { IconSearch } from "@tabler/icons-react";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Form, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { scopeForPath, searchQueryMaxLength } from "~/market/search-scope";

import { withTooltip } from "../kit/tooltip";
import { SearchPanel } from "./search-panel";

import "../kit/dialog-frame.css";
import "./search.css";

const noSubscription = () => () => {};
const isApplePlatform = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/**
 * Which shortcut to show, known only in the browser: the server renders none, so hydration
 * matches and pages without JavaScript never advertise a shortcut that cannot work.
 */
function useShortcutLabel(): string | null {
  const { t } = useTranslation();
  const platform = useSyncExternalStore(
    noSubscription,
    () => (isApplePlatform() ? "apple" : "other"),
    () => null,
  );
  return platform && (platform === "apple" ? "⌘K" : t("search.shortcut"));
}

const isSearchShortcut = (event: KeyboardEvent) =>
  event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/**
 * The header search. Without JavaScript: a GET form to /search whose hidden scope follows the
 * current path. With it: clicking the field, Enter or Space on it, typing in it, or Ctrl/Cmd+K opens
 * a modal <dialog> that searches as you type (the dialog is closed on the server and until opened,
 * so hydration matches). Focus alone opens nothing: tabbing through the header must not change context.
 */
export function SearchBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = scopeForPath(pathname);
  const shortcut = useShortcutLabel();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLInputElement>(null);
  // Each opening mounts a fresh panel (new text, current recent searches); null while closed.
  const [session, setSession] = useState<{ query: string } | null>(null);

  const open = useCallback(() => {
    const trigger = triggerRef.current;
    if (dialogRef.current?.open || !trigger) return;
    // What was typed moves into the dialog's field: the header field stays empty behind it.
    setSession({ query: trigger.value.trim() });
    trigger.value = "";
  }, []);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (session && dialog && !dialog.open) dialog.showModal();
  }, [session]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (dialogRef.current?.open) close();
      else open();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  return (
    <div className="search-bar">
      <Form action="/search" role="search" className="search-bar__form">
        <label htmlFor={`${id}-query`} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          ref={triggerRef}
          id={`${id}-query`}
          type="search"
          name="q"
          maxLength={searchQueryMaxLength}
          placeholder={t("search.fieldPlaceholder")}
          className={shortcut ? "search-bar__input search-bar__input--hint" : "search-bar__input"}
          aria-haspopup={shortcut ? "dialog" : undefined}
          aria-keyshortcuts={shortcut ? "Control+K Meta+K" : undefined}
          title={shortcut ?? undefined}
          onClick={open}
          onKeyDown={(event) => {
            if (event.key !== "Enter" && event.key !== " ") return;
            event.preventDefault();
            open();
          }}
          onInput={open}
        />
        {/* The field announces the keys through aria-keyshortcuts; this is for the eye. */}
        {shortcut && (
          <kbd className="search-bar__shortcut" aria-hidden>
            {shortcut}
          </kbd>
        )}
        <input type="hidden" name="scope" value={scope} />
        <button
          type="submit"
          className="search-bar__submit"
          aria-label={t("search.submit")}
          {...withTooltip(t("search.submit"))}
          onClick={(event) => {
            // Nothing typed (or no room for the field): open the dialog rather than an empty results page.
            if (triggerRef.current?.value.trim()) return;
            event.preventDefault();
            open();
          }}
        >
          <IconSearch size={18} aria-hidden />
        </button>
      </Form>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- A click on the backdrop lands on the dialog itself: it closes, as a click outside should (the keyboard has Escape). */}
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        className="dialog-frame search-dialog"
        onClose={() => {
          setSession(null);
          // Chromium gives the focus back without a caret, so typing would go nowhere: put one there.
          const trigger = triggerRef.current;
          if (trigger && document.activeElement === trigger) trigger.setSelectionRange(trigger.value.length, trigger.value.length);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <h2 id={`${id}-title`} className="visually-hidden">
          {t("search.title")}
        </h2>
        {/* Keyed by scope: opened while a navigation is still rendering, it starts again with the new page's scope and recent searches. */}
        {session && <SearchPanel key={scope} scope={scope} initialQuery={session.query} shortcut={shortcut} onClose={close} />}
      </dialog>
    </div>
  );
}
