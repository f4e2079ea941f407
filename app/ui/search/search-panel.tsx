import { IconHistory, IconSearch, IconX } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useFetcher } from "react-router";
import { loadRecentSearches, rememberSearch } from "./recent-searches";
import { ResultLink } from "./result-link";
import { searchHref, searchQueryMaxLength, type SearchResponse, type SearchScope } from "./search-scope";

/** Spec section 9: searches fire only for non-empty text, after a 500 ms pause. */
const searchDebounceMs = 500;

const browserStorage = () => window.localStorage;
const optionId = (panelId: string, index: number) => `${panelId}-option-${index}`;

type SearchPanelProps = { scope: SearchScope; initialQuery: string; shortcut: string | null; onClose: () => void };

/**
 * The dialog's content: a combobox whose options are the recent searches (empty text) or the
 * results (typed text). Focus stays in the text field; arrow keys move the active option and
 * Enter clicks it, so keyboard and pointer share one path. Enter with no option opens /search.
 */
export function SearchPanel({ scope, initialQuery, shortcut, onClose }: SearchPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [recent] = useState(() => loadRecentSearches(browserStorage, scope));
  const { load, data, state } = useFetcher<SearchResponse>();
  const text = query.trim();

  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => void load(searchHref(scope, text)), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [load, scope, text]);

  // The last answer stays on screen while the next one loads.
  const response = text && data?.scope === scope ? data : undefined;
  const options = text ? (response?.results ?? []) : recent;
  const listKey = text ? `results:${response?.query ?? ""}` : "recent";
  const [active, setActive] = useState({ listKey, index: 0 });
  // A new list starts on its first option, so Enter opens the best match.
  const activeIndex = options.length === 0 ? -1 : active.listKey === listKey ? Math.min(active.index, options.length - 1) : 0;

  const message = !text
    ? recent.length === 0
      ? t("search.noRecent")
      : null
    : response?.failed
      ? t("search.error")
      : response?.results.length === 0
        ? t("search.noResults")
        : null;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (options.length === 0) return;
    const step = event.key === "ArrowDown" ? 1 : -1;
    setActive({ listKey, index: (activeIndex + step + options.length) % options.length });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const option = activeIndex >= 0 ? document.getElementById(optionId(id, activeIndex)) : null;
    if (option || !text) {
      event.preventDefault();
      option?.click();
      return;
    }
    // Nothing to choose yet: the form goes on to the full results page.
    rememberSearch(browserStorage, scope, text);
    onClose();
  }

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(id, activeIndex))?.scrollIntoView({ block: "nearest" });
  }, [id, activeIndex, listKey]);

  function optionProps(index: number) {
    return {
      id: optionId(id, index),
      role: "option",
      "aria-selected": index === activeIndex,
      tabIndex: -1,
      onMouseMove: () => {
        if (index !== activeIndex) setActive({ listKey, index });
      },
    } as const;
  }

  return (
    <Form action="/search" role="search" className="search-panel" onSubmit={onSubmit}>
      <div className="search-panel__bar">
        <IconSearch size={20} aria-hidden className="search-panel__icon" />
        <label htmlFor={`${id}-query`} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          ref={inputRef}
          id={`${id}-query`}
          name="q"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={options.length > 0 ? `${id}-listbox` : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(id, activeIndex) : undefined}
          aria-keyshortcuts="Control+K Meta+K"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={searchQueryMaxLength}
          placeholder={t(`search.placeholder.${scope}`)}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="search-panel__input"
        />
        <input type="hidden" name="scope" value={scope} />
        {/* The same keys close it again; the field announces them through aria-keyshortcuts. */}
        {shortcut && (
          <kbd className="search-panel__shortcut" aria-hidden>
            {shortcut}
          </kbd>
        )}
        <button type="button" className="icon-button" aria-label={t("search.close")} title={t("search.close")} onClick={onClose}>
          <IconX size={20} aria-hidden />
        </button>
      </div>
      <div className="search-panel__body" aria-busy={state !== "idle"}>
        {!text && (
          <h3 id={`${id}-recent`} className="search-panel__heading">
            {t("search.recent")}
          </h3>
        )}
        {options.length > 0 && (
          <div
            id={`${id}-listbox`}
            role="listbox"
            className="search-panel__options"
            {...(text
              ? { "aria-label": t("search.resultsFor", { query: response?.query }) }
              : { "aria-labelledby": `${id}-recent` })}
          >
            {text
              ? response?.results.map((result, index) => (
                  <ResultLink
                    key={result.href}
                    result={result}
                    {...optionProps(index)}
                    onClick={() => {
                      rememberSearch(browserStorage, scope, text);
                      onClose();
                    }}
                  />
                ))
              : recent.map((entry, index) => (
                  <button
                    key={entry}
                    type="button"
                    className="search-result"
                    {...optionProps(index)}
                    onClick={() => {
                      setQuery(entry);
                      inputRef.current?.focus();
                    }}
                  >
                    <IconHistory size={18} aria-hidden className="search-result__icon" />
                    <span className="search-result__title">{entry}</span>
                  </button>
                ))}
          </div>
        )}
        <p role="status" className="search-panel__message">
          {message}
        </p>
      </div>
    </Form>
  );
}
