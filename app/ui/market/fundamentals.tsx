import { Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { formatCompactMoney, formatDate, formatMoney, formatNumber, numberFormat } from "~/lib/format";
import type { Fundamentals } from "~/market/fundamentals";
import type { AssetFacts, DataSource, Payout, StockType } from "~/market/types";

import { Table } from "../kit/table";
import { type Stat, StatsGrid } from "./stats";

import "./fundamentals.css";

/** 12,3% / 12.3%: a share or a return, without a forced sign. */
function formatRatioPercent(value: number | null, locale: string): string {
  if (value === null) return "—";
  return numberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value / 100);
}

/** A payout per share: cents, or the four decimals companies announce (R$ 0,3456). */
function formatPayoutAmount(value: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);
}

/** A calendar day (YYYY-MM-DD) in the visitor's notation, the same on the server and in the browser. */
export function formatDay(day: string | null, locale: string): string {
  if (day === null) return "—";
  return formatDate(Date.parse(`${day}T00:00:00Z`), locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
}

type FactsPanelProps = {
  type: StockType;
  facts: { data: AssetFacts; source: DataSource } | null;
  figures: Fundamentals | null;
  /** The subsegment of a fund, the industry of a company, as the quote's profile gives it. */
  industry: string | null;
  fiftyTwoWeek: { low: number | null; high: number | null };
  currency: string;
  /** Whether a BDR's foreign share has a page here. */
  underlyingListed: boolean;
};

/** The figures investors open a listed asset's page for; only those that fit its type. */
export function FundamentalsPanel({ type, facts, figures, industry, fiftyTwoWeek, currency, underlyingListed }: FactsPanelProps) {
  const { t, i18n } = useTranslation("fundamentals");
  const locale = i18n.language;
  const data = facts?.data ?? null;
  const kind = data?.fund || type === "fund" ? "fund" : data?.etf ? "etf" : data?.bdr ? "bdr" : type === "others" ? "etf" : "company";
  const reportedMissing = data?.missing.includes("fundamentals") ?? false;
  const term = (key: string, value: Stat["value"]): Stat => ({
    label: t(`terms.${key}.label`),
    hint: t(`terms.${key}.hint`),
    value,
  });
  const money = (value: number | null | undefined) => formatMoney(value ?? null, currency, locale);
  const compact = (value: number | null | undefined) => formatCompactMoney(value ?? null, currency, locale);
  const percent = (value: number | null | undefined) => formatRatioPercent(value ?? null, locale);
  const multiple = (value: number | null | undefined) => formatNumber(value ?? null, locale, 2);
  const range =
    fiftyTwoWeek.low !== null && fiftyTwoWeek.high !== null
      ? t("range", { low: money(fiftyTwoWeek.low), high: money(fiftyTwoWeek.high) })
      : "—";
  const market = [
    term("marketValue", compact(figures?.marketValue)),
    term("averageDailyLiquidity", compact(figures?.averageDailyLiquidity)),
    term("fiftyTwoWeekRange", range),
  ];
  const last = figures?.lastPayout;

  let stats: Stat[];
  if (kind === "fund") {
    const fund = data?.fund ?? null;
    stats = [
      term("segment", fund ? t(`segments.${fund.segment}`) : "—"),
      term("subsegment", industry ?? "—"),
      term("dividendYield12m", percent(figures?.dividendYield12m)),
      term(
        "lastPayout",
        last
          ? t("lastPayoutValue", { amount: formatPayoutAmount(last.amount, currency, locale), yield: percent(figures?.lastPayoutYield) })
          : "—",
      ),
      term("priceToBook", multiple(figures?.priceToBook)),
      term("bookValuePerQuota", money(data?.bookValuePerShare)),
      term("netWorth", compact(fund?.netWorth)),
      term("holders", formatNumber(fund?.holders ?? null, locale, 0)),
      ...(fund?.vacancy != null ? [term("vacancy", percent(fund.vacancy))] : []),
      ...market,
    ];
  } else if (kind === "etf") {
    stats = [
      term("underlyingIndex", data?.etf?.underlyingIndex ?? "—"),
      term("dividendYield12m", percent(figures?.dividendYield12m)),
      ...market,
    ];
  } else {
    const bdr = data?.bdr ?? null;
    stats = [
      ...(bdr
        ? [
            term("bdrUnderlying", underlyingListed ? <Link to={`/stocks/${bdr.underlying}`}>{bdr.underlying}</Link> : bdr.underlying),
            term(
              "bdrRatio",
              <span data-testid="bdr-ratio">
                {t("bdrRatio", { receipts: formatNumber(bdr.receiptsPerShare, locale, 4), ticker: bdr.underlying })}
              </span>,
            ),
          ]
        : []),
      term("priceToEarnings", multiple(figures?.priceToEarnings)),
      term("priceToBook", multiple(figures?.priceToBook)),
      term("dividendYield12m", percent(figures?.dividendYield12m)),
      term("dividendYield5y", percent(figures?.dividendYield5y)),
      term("roe", percent(data?.roe)),
      term("roic", percent(data?.roic)),
      term("netMargin", percent(data?.netMargin)),
      term("netDebtToEbitda", multiple(data?.netDebtToEbitda)),
      term("earningsPerShare", money(data?.earningsPerShare)),
      term("bookValuePerShare", money(data?.bookValuePerShare)),
      ...market,
      ...(data?.freeFloat != null ? [term("freeFloat", percent(data.freeFloat))] : []),
    ];
  }
  // A BDR shows its company's fundamentals.
  const heading = t(`headings.${kind === "bdr" ? "company" : kind}`);
  return (
    <section aria-labelledby="fundamentals-heading" className="page-section" data-testid="fundamentals-section">
      <Title order={2} size="h3" id="fundamentals-heading">
        {heading}
      </Title>
      {facts?.source === "demo" && (
        <Text size="sm" c="dimmed" mt={4} data-testid="fundamentals-illustrative">
          {t("illustrative")}
        </Text>
      )}
      {!facts && (
        <Text size="sm" mt="xs" data-testid="fundamentals-note">
          {t("unavailable")}
        </Text>
      )}
      {reportedMissing && (
        <Text size="sm" mt="xs" data-testid="fundamentals-note">
          {t("missing")}
        </Text>
      )}
      <StatsGrid label={heading} stats={stats} testId="fundamentals" />
      {/* The explanations again, for touch screens (no hover, no keyboard focus) and without JavaScript. */}
      <details className="fundamentals-glossary" data-testid="fundamentals-glossary">
        <summary>{t("glossary")}</summary>
        <dl>
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.hint}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

type PayoutsProps = {
  ticker: string;
  facts: AssetFacts | null;
  figures: Fundamentals | null;
  /** Every payout the source gave, of which the page may hold only the first. */
  count: number;
  shown: number;
  all: boolean;
  /** B3's today (YYYY-MM-DD): what is announced or still to be paid. */
  today: string;
  param: string;
  /** Funds pay monthly: their last months as bars. */
  monthlyChart: boolean;
};

function payoutStatus(payout: Payout, today: string): "announced" | "toPay" | null {
  if (payout.recordDate !== null && payout.recordDate > today) return "announced";
  if (payout.paymentDate === null || payout.paymentDate >= today) return "toPay";
  return null;
}

/** "Proventos": the payouts, newest first, a year of them unless the URL asks for all. */
export function PayoutsSection({ ticker, facts, figures, count, shown, all, today, param, monthlyChart }: PayoutsProps) {
  const { t, i18n } = useTranslation("fundamentals");
  const location = useLocation();
  const locale = i18n.language;
  const payouts = facts?.payouts ?? [];
  const rows = all ? payouts : payouts.slice(0, shown);
  const missing = facts?.missing.includes("payouts") ?? false;
  const toggle = new URLSearchParams(location.search);
  if (all) toggle.delete(param);
  else toggle.set(param, "all");
  const search = toggle.toString();
  return (
    <section aria-labelledby="payouts-heading" id="proventos" className="page-section" data-testid="payouts-section">
      <Title order={2} size="h3" id="payouts-heading">
        {t("payouts.heading")}
      </Title>
      {missing ? (
        <Text size="sm" mt="xs" data-testid="payouts-note">
          {t("missing")}
        </Text>
      ) : (
        <>
          <dl className="payout-yields" data-testid="payout-yields">
            <div>
              <dt>{t("terms.dividendYield12m.label")}</dt>
              <dd>{formatRatioPercent(figures?.dividendYield12m ?? null, locale)}</dd>
            </div>
            <div>
              <dt>{t("terms.dividendYield5y.label")}</dt>
              <dd>{formatRatioPercent(figures?.dividendYield5y ?? null, locale)}</dd>
            </div>
          </dl>
          {monthlyChart && facts && <PayoutBars payouts={payouts} today={today} currency={facts.currency} />}
          {rows.length === 0 ? (
            <Text size="sm" mt="xs" c="dimmed">
              {t("payouts.empty")}
            </Text>
          ) : (
            <Table caption={t("payouts.caption", { ticker })} testId="payouts-table" className="payouts-table">
              <thead>
                <tr>
                  <th scope="col">{t("payouts.kind")}</th>
                  <th scope="col" className="numeric">
                    {t("payouts.amount")}
                  </th>
                  <th scope="col">{t("payouts.recordDate")}</th>
                  <th scope="col">{t("payouts.paymentDate")}</th>
                  <th scope="col">{t("payouts.status")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((payout, index) => {
                  const status = payoutStatus(payout, today);
                  return (
                    <tr key={`${payout.recordDate}-${payout.paymentDate}-${index}`}>
                      <td>{t(`payouts.kinds.${payout.kind}`)}</td>
                      <td className="numeric">{formatPayoutAmount(payout.amount, facts?.currency ?? "BRL", locale)}</td>
                      <td>{formatDay(payout.recordDate, locale)}</td>
                      <td>{formatDay(payout.paymentDate, locale)}</td>
                      <td>
                        {status ? (
                          <span className={`payout-status payout-status--${status}`}>{t(`payouts.${status}`)}</span>
                        ) : (
                          t("payouts.paid")
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          {count > shown && (
            <p className="payouts-more">
              <span>{t("payouts.shown", { shown: rows.length, count })}</span>
              <Link to={{ search: search ? `?${search}` : "", hash: "proventos" }} preventScrollReset data-testid="payouts-toggle">
                {all ? t("payouts.showRecent") : t("payouts.showAll", { count })}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

const BAR_MONTHS = 12;

/** The last months' income as bars, drawn on the server: no chart library for twelve rectangles. */
function PayoutBars({ payouts, today, currency }: { payouts: readonly Payout[]; today: string; currency: string }) {
  const { t, i18n } = useTranslation("fundamentals");
  const locale = i18n.language;
  const paid = payouts
    .filter((payout) => payout.kind !== "amortization" && payout.paymentDate !== null && payout.paymentDate <= today)
    .slice(0, BAR_MONTHS)
    .reverse();
  if (paid.length < 2) return null;
  const highest = Math.max(...paid.map(({ amount }) => amount));
  const width = 100 / paid.length;
  return (
    <figure className="payout-bars" data-testid="payout-bars">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={t("payouts.chart", { count: paid.length })}>
        {paid.map((payout, index) => {
          const height = highest > 0 ? (payout.amount / highest) * 38 : 0;
          return (
            <rect key={payout.paymentDate} x={index * width + width * 0.15} y={40 - height} width={width * 0.7} height={height}>
              <title>
                {t("payouts.chartMonth", {
                  month: formatDay(payout.paymentDate, locale),
                  amount: formatPayoutAmount(payout.amount, currency, locale),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption>{t("payouts.chart", { count: paid.length })}</figcaption>
    </figure>
  );
}
