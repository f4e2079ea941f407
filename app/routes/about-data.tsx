import { Container, Title } from "@mantine/core";
import { Fragment } from "react";

import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation, withNamespace } from "~/i18n/use-translation";
import { numberFormat } from "~/lib/format";
import { marketSourcesOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { dataSourcesOf, refreshInterval } from "~/screens/about-data.server";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/about-data";

import "~/ui/content/about-data.css";
import "~/ui/content/prose.css";

export function loader({ context }: Route.LoaderArgs) {
  const { market } = platformOf(context).config;
  return {
    meta: pageMetaFor(context, "aboutData", { ns: "content" }),
    sources: dataSourcesOf(marketSourcesOf(context)),
    refresh: refreshInterval(market.cacheTtlMs),
  };
}

export const meta = routeMeta;

const sections = ["demo", "live", "freshness", "operators"] as const;

/** Where the prices come from: this instance's providers, what demonstration data is, and how live data is switched on. */
function AboutData({ loaderData: { sources, refresh } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const interval = numberFormat(i18n.language, { style: "unit", unit: refresh.unit, unitDisplay: "long" }).format(refresh.value);
  const names = new Intl.ListFormat(i18n.language, { type: "conjunction" });
  const paragraphs = (key: string) =>
    (t(key, { returnObjects: true, interval }) as string[]).map((paragraph) => <p key={paragraph}>{paragraph}</p>);
  return (
    <Container size="md" className="page prose">
      <Title order={1}>{t("aboutData.title")}</Title>
      {paragraphs("aboutData.intro")}
      <section aria-labelledby="about-data-instance">
        <Title order={2} size="h3" id="about-data-instance">
          {t("aboutData.instanceHeading")}
        </Title>
        <dl className="data-sources" data-testid="data-sources">
          {sources.map(({ kind, source, upstreams }) => (
            <div key={kind}>
              <dt>{t(`aboutData.kinds.${kind}`)}</dt>
              <dd data-provider={upstreams.length > 0 ? upstreams.map(({ id }) => id).join(" ") : source}>
                {t(`aboutData.providers.${source}`, { names: names.format(upstreams.map(({ label }) => label)) })}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`about-data-${section}`}>
          <Title order={2} size="h3" id={`about-data-${section}`}>
            {t(`aboutData.${section}Heading`)}
          </Title>
          {paragraphs(`aboutData.${section}`)}
          {section === "operators" && (
            <>
              <ul className="data-variables" data-testid="live-variables">
                {sources.map(({ kind, liveVariables }) => (
                  <li key={kind}>
                    {t(`aboutData.kinds.${kind}`)}:{" "}
                    {liveVariables.map((variable, index) => (
                      <Fragment key={variable}>
                        {index > 0 && ", "}
                        <code>{variable}</code>
                      </Fragment>
                    ))}
                  </li>
                ))}
              </ul>
              <p>{t("aboutData.operatorsReadme")}</p>
            </>
          )}
        </section>
      ))}
    </Container>
  );
}

export default withNamespace("content", AboutData);
