import { Container, Title } from "@mantine/core";
import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { searchQueryMaxLength, type SearchResponse, searchScopes } from "~/market/search-scope";

import { Button } from "../kit/button";
import { Select, TextInput } from "../kit/input";
import { resultGroups } from "./result-groups";
import { ResultLink } from "./result-link";

import "./search.css";

/** GET /search: a plain form and lists of links in labelled groups, so searching needs no JavaScript. */
export function SearchPage(response: SearchResponse) {
  const { t } = useTranslation();
  const { scope, query, failed } = response;
  const { groups, failedKinds } = resultGroups(response);
  return (
    <Container size="md" className="page search-page">
      <Title order={1}>{t("search.title")}</Title>
      {/* Keyed so a new search's values replace what the inputs held after client navigation. */}
      <Form key={`${scope}:${query}`} method="get" action="/search" role="search" className="search-form">
        <TextInput
          id="search-page-query"
          type="search"
          name="q"
          label={t("search.label")}
          defaultValue={query}
          maxLength={searchQueryMaxLength}
          placeholder={t(`search.placeholder.${scope}`)}
          className="search-form__query"
        />
        <Select id="search-page-scope" name="scope" label={t("search.scopeLabel")} defaultValue={scope}>
          {searchScopes.map((option) => (
            <option key={option} value={option}>
              {t(`search.scopes.${option}`)}
            </option>
          ))}
        </Select>
        <Button type="submit">{t("search.submit")}</Button>
      </Form>
      {query ? (
        <section aria-labelledby="search-results-heading" className="search-page__results">
          <h2 id="search-results-heading">{t("search.resultsFor", { query })}</h2>
          {failed ? (
            <p role="alert">{t("search.error")}</p>
          ) : groups.length === 0 && failedKinds.length === 0 ? (
            <p>{t("search.noResults")}</p>
          ) : (
            <div data-testid="search-results">
              {groups.map((group) => (
                <section key={group.key} aria-labelledby={`search-group-${group.key}`} className="search-page__group">
                  <h3 id={`search-group-${group.key}`}>
                    {t(group.key === "suggestions" ? "search.suggestions" : `search.scopes.${group.key}`)}
                  </h3>
                  <ul className="search-results">
                    {group.results.map((result, index) => (
                      <li key={`${index}:${result.href}`}>
                        <ResultLink result={result} showKind={group.key === "suggestions" && scope === "all"} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {failedKinds.map((kind) => (
                <p key={kind} className="search-page__notice">
                  {t(`search.unavailable.${kind}`)}
                </p>
              ))}
            </div>
          )}
        </section>
      ) : (
        <p className="search-page__hint">{t("search.typeToSearch")}</p>
      )}
    </Container>
  );
}
