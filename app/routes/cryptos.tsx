import { Container, Text, Title } from "@mantine/core";

import { starsFor } from "~/favorites/stars.server";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { toTableItem } from "~/market/crypto-depth";
import { orUnavailable } from "~/market/unavailable";
import { platformOf } from "~/platform/context.server";
import { cryptoPage } from "~/screens/cryptos.server";
import { cryptoListSearch, parseSearch } from "~/screens/list-search.server";
import { Pagination } from "~/ui/kit/pagination";
import { CurrencySwitcher } from "~/ui/market/currency-switcher";
import { DemoNotice } from "~/ui/market/demo-notice";
import { ListToolbar } from "~/ui/market/list-toolbar";
import { PageSizeForm } from "~/ui/market/page-size";
import { CryptoTable } from "~/ui/market/tables";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/cryptos";

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = parseSearch(request, cryptoListSearch);
  const currency = readCryptoCurrency(request.headers.get("Cookie"), languageOf(getLocale(context)));
  const page = await orUnavailable(platformOf(context).logger, cryptoPage(marketOf(context), { ...search, currency }));
  const list = page && { ...page, data: { ...page.data, items: page.data.items.map(toTableItem) } };
  return { meta: pageMetaFor(context, "market.cryptos"), search, currency, list, stars: await starsFor(context) };
}

export const meta = routeMeta;

export default function Cryptos({ loaderData: { search, currency, list, stars } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("market.cryptos.title")}</Title>
      <Text mt="xs" c="dimmed">
        {t("market.cryptos.intro")}
      </Text>
      {list ? (
        <>
          <DemoNotice sources={[list.source]} stale={list.stale} />
          <ListToolbar>
            <CurrencySwitcher currency={currency} />
            <PageSizeForm perPage={search.perPage} />
          </ListToolbar>
          <CryptoTable
            items={list.data.items}
            currency={currency}
            sort={search}
            stars={stars}
            startRank={(search.page - 1) * search.perPage + 1}
          />
          <Pagination page={search.page} perPage={search.perPage} total={list.data.total} />
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
