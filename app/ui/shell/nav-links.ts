import { IconChartCandle, IconCoinBitcoin, IconCompass, IconLayoutGrid, IconNews } from "@tabler/icons-react";

/** Spec section 2: the header's Markets menu. */
export const marketMenu = [
  {
    labelKey: "nav.cryptocurrencies",
    allKey: "nav.allCryptocurrencies",
    to: "/cryptos",
    items: [
      { labelKey: "nav.bitcoin", to: "/cryptos/bitcoin" },
      { labelKey: "nav.ethereum", to: "/cryptos/ethereum" },
      { labelKey: "nav.dogecoin", to: "/cryptos/dogecoin" },
    ],
  },
  {
    labelKey: "nav.stockMarket",
    allKey: "nav.allStocks",
    to: "/stocks",
    items: [
      { labelKey: "nav.petrobras", to: "/stocks/PETR3" },
      { labelKey: "nav.itau", to: "/stocks/ITUB4" },
      { labelKey: "nav.bancoDoBrasil", to: "/stocks/BBAS3" },
      { labelKey: "nav.screener", to: "/screener" },
    ],
  },
] as const;

export const toolsMenu = [
  { labelKey: "nav.screener", to: "/screener" },
  { labelKey: "nav.currencyConverter", to: "/currency-converter" },
  { labelKey: "nav.calendar", to: "/calendar" },
  { labelKey: "nav.compare", to: "/compare" },
  { labelKey: "nav.releaseNotes", to: "/release-notes" },
  { labelKey: "nav.assistant", to: "/chat" },
  { labelKey: "nav.faq", to: "/faq" },
  { labelKey: "nav.aboutUs", to: "/about-us" },
] as const;

/** Spec section 2: the five mobile entries, each a title, a path and an icon. */
export const bottomNavEntries = [
  { labelKey: "bottomNav.explore", to: "/", icon: IconCompass, sections: [] },
  { labelKey: "bottomNav.news", to: "/news", icon: IconNews, sections: ["/news"] },
  { labelKey: "bottomNav.stocks", to: "/stocks", icon: IconChartCandle, sections: ["/stocks"] },
  { labelKey: "bottomNav.crypto", to: "/cryptos", icon: IconCoinBitcoin, sections: ["/cryptos"] },
  {
    labelKey: "bottomNav.resources",
    to: "/more",
    icon: IconLayoutGrid,
    sections: ["/more", "/user/favorite-items", "/user/register-tables"],
  },
] as const;

/** The entry a path belongs to: home only on /, the others on their whole section. */
export function activeBottomNavEntry(pathname: string): string | undefined {
  if (pathname === "/") return "/";
  const inSection = (section: string) => pathname === section || pathname.startsWith(`${section}/`);
  return bottomNavEntries.find((entry) => entry.sections.some(inSection))?.to;
}
