import { Button, Container, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { ResultLink } from "./result-link";
import { searchQueryMaxLength, searchScopes, type SearchResponse } from "./search-scope";
import "./search.css";

/** GET /search: a plain form and a list of links, so searching needs no JavaScript. */
export function SearchPage({ scope, query, results, failed }: SearchResponse) {
  const { t } = useTranslation();
  return (
    <Container size="md" className="page search-page">
      <Title order={1}>{t("search.title")}</Title>
      {/* Keyed so a new search's values replace what the inputs held after client navigation. */}
      <Form key={`${scope}:${query}`} method="get" action="/search" role="search" className="search-form">
        <div className="search-form__field search-form__field--grow">
          <label htmlFor="search-page-query">{t("search.label")}</label>
          <input
            id="search-page-query"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={searchQueryMaxLength}
            placeholder={t(`search.placeholder.${scope}`)}
            className="search-input"
          />
        </div>
        <div className="search-form__field">
          <label htmlFor="search-page-scope">{t("search.scopeLabel")}</label>
          <select id="search-page-scope" name="scope" defaultValue={scope} className="search-input">
            {searchScopes.map((option) => (
              <option key={option} value={option}>
                {t(`search.scopes.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t("search.submit")}</Button>
      </Form>
      {query ? (
        <section aria-labelledby="search-results-heading" className="search-page__results">
          <h2 id="search-results-heading">{t("search.resultsFor", { query })}</h2>
          {failed ? (
            <p role="alert">{t("search.error")}</p>
          ) : results.length === 0 ? (
            <p>{t("search.noResults")}</p>
          ) : (
            <ul className="search-results" data-testid="search-results">
              {results.map((result) => (
                <li key={result.href}>
                  <ResultLink result={result} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <p className="search-page__hint">{t("search.typeToSearch")}</p>
      )}
    </Container>
  );
}
