import { Container, Text, Title } from "@mantine/core";
import { useMemo } from "react";

import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { compareSearch, defaultCompared, packSeries, parseCompared, unpackSeries } from "~/market/compare";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { loadComparison } from "~/screens/compare.server";
import { CompareChart, CompareForm, CompareMessages, CompareResults } from "~/ui/compare/compare-view";
import { DemoNotice } from "~/ui/market/demo-notice";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/compare";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { range } = compareSearch.parse({ range: params.get("range") ?? undefined });
  // A first visit (no `a` at all) shows the benchmarks against each other.
  const asked = params.has("a") ? params.getAll("a") : defaultCompared;
  const { valid, invalid, dropped } = parseCompared(asked);
  const { logger, clock } = platformOf(context);
  const now = clock.now();
  const { series, sources } = await loadComparison(marketOf(context), logger, valid, range, now, languageOf(getLocale(context)));
  return {
    meta: pageMetaFor(context, "compare"),
    range,
    inputs: [...valid, ...invalid],
    invalid,
    dropped,
    series: packSeries(series),
    sources,
  };
}

export const meta = routeMeta;

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { range, inputs, invalid, dropped, sources } = loaderData;
  const series = useMemo(() => unpackSeries(loaderData.series), [loaderData.series]);
  return (
    <Container size="lg" className="page">
      <Title order={1} mt="lg">
        {t("compare.title")}
      </Title>
      <Text mt="xs" maw={720}>
        {t("compare.intro")}
      </Text>
      <DemoNotice sources={sources} />
      <CompareForm inputs={inputs} range={range} />
      <CompareMessages series={series} invalid={invalid} dropped={dropped} empty={inputs.length === 0} />
      <CompareChart series={series} />
      <CompareResults series={series} range={range} />
    </Container>
  );
}
