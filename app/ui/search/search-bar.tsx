import { IconSearch } from "@tabler/icons-react";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useLocation } from "react-router";
import { SearchPanel } from "./search-panel";
import { scopeForPath, searchQueryMaxLength } from "~/market/search-scope";
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
 * current path. With it: focusing the field or Ctrl/Cmd+K opens a modal <dialog> that searches
 * as you type (the dialog is closed on the server and until opened, so hydration matches).
 */
export function SearchBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = scopeForPath(pathname);
  const shortcut = useShortcutLabel();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLInputElement>(null);
  // Closing gives focus back to the trigger; that focus must not reopen the dialog.
  const closing = useRef(false);
  // Each opening mounts a fresh panel (new text, current recent searches); null while closed.
  const [session, setSession] = useState<{ query: string } | null>(null);

  const open = useCallback(() => {
    if (dialogRef.current?.open || closing.current) return;
    setSession({ query: triggerRef.current?.value.trim() ?? "" });
  }, []);

  const close = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    closing.current = true;
    dialog.close();
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
          placeholder={t(`search.placeholder.${scope}`)}
          className="search-bar__input"
          aria-haspopup={shortcut ? "dialog" : undefined}
          aria-keyshortcuts={shortcut ? "Control+K Meta+K" : undefined}
          title={shortcut ?? undefined}
          onFocus={open}
          onClick={open}
        />
        <input type="hidden" name="scope" value={scope} />
        <button
          type="submit"
          className="search-bar__submit"
          aria-label={t("search.submit")}
          title={t("search.submit")}
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
        onCancel={() => {
          closing.current = true;
        }}
        onClose={() => {
          closing.current = false;
          setSession(null);
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
