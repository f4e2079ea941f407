import { IconHistory, IconSearch, IconX } from "@tabler/icons-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { searchQueryMaxLength, type SearchScope } from "~/market/search-scope";

import { withTooltip } from "../kit/tooltip";
import { loadRecentSearches, rememberSearch } from "./recent-searches";
import { resultGroups } from "./result-groups";
import { ResultLink } from "./result-link";
import { useSearch } from "./search-request";

const browserStorage = () => window.localStorage;
const optionId = (panelId: string, index: number) => `${panelId}-option-${index}`;

type SearchPanelProps = {
  scope: SearchScope;
  initialQuery: string;
  shortcut: string | null;
  onClose: () => void;
};

/**
 * The dialog's content: a combobox whose options are the recent searches (empty text) or the
 * results, in labelled groups: suggestions first, then each kind (typed text). Focus stays in the
 * text field; arrow keys move the active option and Enter clicks it, so keyboard and pointer share
 * one path. Enter with no option opens /search.
 */
export function SearchPanel({ scope, initialQuery, shortcut, onClose }: SearchPanelProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [recent] = useState(() => loadRecentSearches(browserStorage, scope));
  const text = query.trim();
  const { response: lastResponse, failed, loading } = useSearch(scope, text, i18n.language);

  const response = text && !failed ? lastResponse : undefined;
  const { groups, failedKinds } = response ? resultGroups(response) : { groups: [], failedKinds: [] };
  const resultCount = groups.reduce((count, group) => count + group.results.length, 0);
  const optionCount = text ? resultCount : recent.length;
  const listKey = text ? `results:${response?.query ?? ""}` : "recent";
  const [active, setActive] = useState({ listKey, index: 0 });
  // A new list starts on its first option, so Enter opens the best match.
  const activeIndex = optionCount === 0 ? -1 : active.listKey === listKey ? Math.min(active.index, optionCount - 1) : 0;

  const message = !text
    ? recent.length === 0
      ? t("search.noRecent")
      : null
    : failed || response?.failed
      ? t("search.error")
      : response && resultCount === 0 && failedKinds.length === 0
        ? t("search.noResults")
        : null;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (optionCount === 0) return;
    const step = event.key === "ArrowDown" ? 1 : -1;
    setActive({
      listKey,
      index: (activeIndex + step + optionCount) % optionCount,
    });
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

  // Options are numbered across groups, in the order arrow keys walk them.
  let nextIndex = 0;

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
          aria-expanded={optionCount > 0}
          aria-controls={optionCount > 0 ? `${id}-listbox` : undefined}
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
        <button
          type="button"
          className="search-panel__close"
          aria-label={t("search.close")}
          {...withTooltip(t("search.close"))}
          onClick={onClose}
        >
          <IconX size={20} aria-hidden />
        </button>
      </div>
      <div className="search-panel__body" aria-busy={loading}>
        {!text && (
          <h3 id={`${id}-recent`} className="search-panel__heading">
            {t("search.recent")}
          </h3>
        )}
        {optionCount > 0 && (
          <div
            id={`${id}-listbox`}
            role="listbox"
            className="search-panel__options"
            {...(text
              ? {
                  "aria-label": t("search.resultsFor", {
                    query: response?.query,
                  }),
                }
              : { "aria-labelledby": `${id}-recent` })}
          >
            {text
              ? groups.map((group) => {
                  const label = t(group.key === "suggestions" ? "search.suggestions" : `search.scopes.${group.key}`);
                  // A listbox holds only groups and options: the group carries its name, the heading is for the eye.
                  return (
                    <div key={group.key} role="group" aria-label={label} className="search-panel__group">
                      <div aria-hidden className="search-panel__heading">
                        {label}
                      </div>
                      {group.results.map((result, index) => (
                        <ResultLink
                          key={`${index}:${result.href}`}
                          result={result}
                          showKind={group.key === "suggestions" && scope === "all"}
                          {...optionProps(nextIndex++)}
                          onClick={() => {
                            rememberSearch(browserStorage, scope, text);
                            onClose();
                          }}
                        />
                      ))}
                    </div>
                  );
                })
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
        {failedKinds.map((kind) => (
          <p key={kind} className="search-panel__notice">
            {t(`search.unavailable.${kind}`)}
          </p>
        ))}
        <p role="status" className="search-panel__message">
          {message}
        </p>
      </div>
    </Form>
  );
}
