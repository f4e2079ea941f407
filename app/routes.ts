import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("more", "routes/more.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("faq", "routes/faq.tsx"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  ...prefix("proxy", [
    route("stocks", "routes/proxy/stocks.ts"),
    route("stocks/:ticker", "routes/proxy/stock.ts"),
    route("cryptos", "routes/proxy/cryptos.ts"),
    route("cryptos/search", "routes/proxy/crypto-search.ts"),
    route("cryptos/trending", "routes/proxy/crypto-trending.ts"),
    route("cryptos/:id", "routes/proxy/crypto.ts"),
    route("cryptos/:id/market_chart", "routes/proxy/crypto-chart.ts"),
    route("news", "routes/proxy/news.ts"),
    route("currencies", "routes/proxy/currencies.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
