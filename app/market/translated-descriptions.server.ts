import type { Language } from "~/i18n/languages";

import type { MarketProviders } from "./providers/provider";
import type { LocalizedText } from "./types";

/**
 * Puts an upstream text into `language`, or gives it back as it is when it cannot. The market
 * does not translate: the composition root hands it the assistant's translator.
 */
export type TranslateText = (text: LocalizedText, language: Language) => Promise<LocalizedText>;

/** The detail calls of the crypto and stock providers, with their descriptions in the visitor's language. */
export function withTranslatedDescriptions(providers: MarketProviders, translate: TranslateText): MarketProviders {
  const { crypto, stocks } = providers;
  return {
    ...providers,
    crypto: {
      ...crypto,
      async detail(id, language, currency) {
        const detail = await crypto.detail(id, language, currency);
        if (!detail?.description) return detail;
        return { ...detail, description: await translate(detail.description, language) };
      },
    },
    stocks: {
      ...stocks,
      async detail(ticker, options) {
        const detail = await stocks.detail(ticker, options);
        const summary = detail?.profile.longBusinessSummary;
        if (!detail || !summary) return detail;
        return { ...detail, profile: { ...detail.profile, longBusinessSummary: await translate(summary, options.language) } };
      },
    },
  };
}
