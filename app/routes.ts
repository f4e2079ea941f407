import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("more", "routes/more.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("faq", "routes/faq.tsx"),
  route("theme", "routes/theme.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
