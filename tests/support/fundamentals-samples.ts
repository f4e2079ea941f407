/**
 * Real-shaped fundamentals answers for the fake upstream (issue 19): brapi's quote modules
 * (`defaultKeyStatistics`, `financialData`; ratios as fractions) and `dividendsData`, and
 * Finnhub's `/stock/metric?metric=all` (percentages in percent, volumes and market cap in millions).
 * The oddities are the ones real answers have: numbers as strings, null rates, dates as ISO
 * date-times, plain days, Brazilian DD/MM/YYYY or null, ISINs in `assetIssued`, labels with accents.
 */

/** The module keys and top-level extras of a brapi quote, per ticker; served only as the request and plan allow. */
// prettier-ignore
export const brapiFundamentals: Record<string, { extras: Record<string, unknown>; modules: Record<string, unknown>; cashDividends: unknown[] }> = {
  PETR4: {
    extras: { averageDailyVolume3Month: 38234500, averageDailyVolume10Day: 41234500 },
    modules: {
      defaultKeyStatistics: {
        symbol: "PETR4", type: "ttm", "52WeekChange": 0.1523, beta: 1.21, bookValue: 31.72, dividendYield: 13.9,
        enterpriseToEbitda: 2.91, enterpriseValue: 823456789012, floatShares: 4534200000, forwardPE: 4.8,
        heldPercentInsiders: 0.0003, lastDividendDate: "2024-04-25", lastDividendValue: 0.5271,
        mostRecentQuarter: "2024-03-31", priceToBook: 1.21, profitMargins: 0.2011,
        sharesOutstanding: 13044496930, trailingEps: 6.29, updatedAt: "2024-05-14",
      },
      financialData: {
        symbol: "PETR4", type: "ttm", currentPrice: 38.42, currentRatio: 0.97, debtToEquity: 0.77,
        ebitda: 251234000000, ebitdaMargins: 0.4812, financialCurrency: "BRL", freeCashflow: 97123000000,
        grossMargins: 0.5102, operatingMargins: 0.3421, profitMargins: 0.2011, returnOnAssets: 0.1102,
        returnOnEquity: 0.2534, revenueGrowth: -0.084, totalCash: 67456000000, totalDebt: 312345000000,
        totalRevenue: 511994000000, updatedAt: "2024-05-14",
      },
    },
    cashDividends: [
      // Newest last, as brapi often lists them; assetIssued is the ISIN, not the ticker.
      { assetIssued: "BRPETRACNPR6", paymentDate: "2023-12-20T00:00:00.000Z", rate: 0.9654, relatedTo: "3º Trimestre/2023",
        approvedOn: "2023-11-23T00:00:00.000Z", isinCode: "BRPETRACNPR6", label: "DIVIDENDO", lastDatePrior: "21/11/2023", remarks: "" },
      { assetIssued: "BRPETRACNPR6", paymentDate: "2024-05-20", rate: "0.4566", relatedTo: "1º Trimestre/2024",
        approvedOn: "2024-04-25", isinCode: "BRPETRACNPR6", label: "JCP", lastDatePrior: "2024-04-25", remarks: null },
      { assetIssued: "BRPETRACNPR6", paymentDate: "2024-09-20T03:00:00.000Z", rate: 0.5414, relatedTo: "2º Trimestre/2024",
        approvedOn: "2024-08-08T00:00:00.000Z", isinCode: "BRPETRACNPR6", label: "DIVIDENDO", lastDatePrior: "2024-08-21T00:00:00.000Z", remarks: "" },
      // Announced, payment date not yet set.
      { assetIssued: "BRPETRACNPR6", paymentDate: null, rate: 0.2012, relatedTo: "2º Trimestre/2024",
        approvedOn: "2024-08-08T00:00:00.000Z", isinCode: "BRPETRACNPR6", label: "JUROS SOBRE CAPITAL PRÓPRIO", lastDatePrior: "2024-08-21T00:00:00.000Z", remarks: "" },
      // Nothing to show: an unknown rate, and a row with neither date.
      { assetIssued: "BRPETRACNPR6", paymentDate: "2024-02-01T00:00:00.000Z", rate: null, label: "DIVIDENDO", lastDatePrior: "2024-01-02T00:00:00.000Z" },
      { assetIssued: "BRPETRACNPR6", paymentDate: null, rate: 0.1, label: "DIVIDENDO", lastDatePrior: null },
    ],
  },
  MXRF11: {
    extras: { averageDailyVolume3Month: "3987654", averageDailyVolume10Day: 4012345 },
    // brapi has no company statistics for a FII: the modules come back empty of figures.
    modules: { defaultKeyStatistics: null, financialData: null },
    cashDividends: [
      { assetIssued: "BRMXRFCTF008", paymentDate: "2024-05-14T00:00:00.000Z", rate: 0.09, relatedTo: "Abril/2024",
        approvedOn: "2024-04-30T00:00:00.000Z", isinCode: "BRMXRFCTF008", label: "RENDIMENTO", lastDatePrior: "2024-04-30T00:00:00.000Z", remarks: "" },
      { assetIssued: "BRMXRFCTF008", paymentDate: "2024-05-14T00:00:00.000Z", rate: 0.05, relatedTo: "Abril/2024",
        approvedOn: "2024-04-30T00:00:00.000Z", isinCode: "BRMXRFCTF008", label: "AMORTIZAÇÃO", lastDatePrior: "2024-04-30T00:00:00.000Z", remarks: "Amortização parcial" },
      { assetIssued: "BRMXRFCTF008", paymentDate: "2024-06-14T00:00:00.000Z", rate: 0.09, relatedTo: "Maio/2024",
        approvedOn: "2024-05-31T00:00:00.000Z", isinCode: "BRMXRFCTF008", label: "RENDIMENTO", lastDatePrior: "2024-05-31T00:00:00.000Z", remarks: "" },
    ],
  },
  // A thin company: numbers as strings, a loss (negative EBITDA), cash only, no dividends at all.
  THIN3: {
    extras: {},
    modules: {
      defaultKeyStatistics: { trailingEps: "-0.12", bookValue: "0.98", sharesOutstanding: "250000000", floatShares: null },
      financialData: { returnOnEquity: "-0.1224", profitMargins: null, totalDebt: "12000000", totalCash: 3000000, ebitda: "-4000000" },
    },
    cashDividends: [],
  },
};

/** Finnhub `/stock/metric?metric=all` per symbol; other symbols get the empty answer. */
// prettier-ignore
export const finnhubMetrics: Record<string, unknown> = {
  AAPL: {
    metric: {
      "10DayAverageTradingVolume": 45.66396, "13WeekPriceReturnDaily": 13.8117, "3MonthAverageTradingVolume": 52.29406,
      "52WeekHigh": 199.62, "52WeekHighDate": "2023-12-14", "52WeekLow": 164.08, "52WeekLowDate": "2024-04-19",
      beta: 1.0863714, bookValuePerShareAnnual: 3.9973, bookValuePerShareQuarterly: 4.8373,
      currentDividendYieldTTM: 0.5004, dividendPerShareTTM: 0.9709, epsAnnual: 6.1339,
      epsBasicExclExtraItemsTTM: 6.4284, epsTTM: 6.4284, marketCapitalization: 2975000.5,
      netProfitMarginTTM: 26.31, peTTM: 30.18, pbQuarterly: 40.11, roeTTM: 147.25, roiTTM: 55.74,
      "totalDebt/totalEquityQuarterly": 1.4065,
    },
    metricType: "all", series: { annual: { eps: [{ period: "2023-09-30", v: 6.1339 }] } }, symbol: "AAPL",
  },
  // Thin: numbers as strings, no TTM EPS (only the basic one), no quarterly book value.
  MSFT: {
    metric: {
      "10DayAverageTradingVolume": "18.51", bookValuePerShareAnnual: "32.2449", epsBasicExclExtraItemsTTM: "11.5501",
      netProfitMarginTTM: 36.27, roeTTM: "38.49", roiTTM: null,
    },
    metricType: "all", series: {}, symbol: "MSFT",
  },
};

export const unknownFinnhubMetric = (symbol: string) => ({ metric: {}, metricType: "", series: {}, symbol });
