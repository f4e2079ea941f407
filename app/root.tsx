/* eslint-disable simple-import-sort/imports -- the global stylesheets come first: stylesheets cascade in import order, and every component's own must come after them */
import "./platform/zod-config";
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
// Our theme's variables as a static stylesheet, rather than inlined into every page.
import "./ui/mantine-variables.css";
import "@mantine/core/styles/global.css";
// Order matters: a component's styles come after those of the components it builds on.
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Group.css";
import "./ui/app.css";

import { MantineProvider } from "@mantine/core";
import { useEffect } from "react";
import { fixedT, useTranslation } from "~/i18n/use-translation";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { getInstance, getLocale, i18nextMiddleware, languageCookie } from "./i18n/middleware.server";
import { isLanguage, languageOf, languageQueryParam } from "./i18n/languages";
import { useRenderedLanguage } from "./i18n/use-language-preference";
import { secureCookiesMiddleware } from "./platform/cookies.server";
import { platformOf } from "./platform/context.server";
import { originCheckMiddleware } from "./platform/origin.server";
import { routePolicyMiddleware } from "./platform/route-table.server";
import { getUser } from "./account/current-user";
import { PlainLinkNavigation } from "./ui/kit/plain-link";
import { sessionMiddleware } from "./account/session.server";
import { clearFlashCookie, readFlash } from "./platform/flash.server";
import { useNonce } from "./platform/nonce";
import { readTheme } from "./platform/theme.server";
import { readDemoNoticeDismissed } from "./market/demo-notice.server";
import { ErrorPage } from "./ui/error-page";
import { LiveQuotesProvider } from "./ui/realtime/live-quotes";
import { mantineTheme } from "./ui/mantine-theme";
import { foundingYear } from "./ui/shell/footer";
import { Shell } from "./ui/shell/shell";
import { useTheme, useThemePreferenceFromStorage } from "./ui/shell/theme-toggle";

export const middleware: Route.MiddlewareFunction[] = [
  secureCookiesMiddleware,
  i18nextMiddleware,
  originCheckMiddleware,
  routePolicyMiddleware,
  sessionMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = languageOf(getLocale(context));
  const flash = readFlash(request);
  const user = getUser(context);
  const headers = new Headers();
  // A `?lng=` choice is remembered; plain visits leave cookies alone so pages stay cacheable.
  if (isLanguage(new URL(request.url).searchParams.get(languageQueryParam))) {
    headers.append("Set-Cookie", await languageCookie.serialize(locale));
  }
  if (flash) headers.append("Set-Cookie", clearFlashCookie);
  const t = fixedT(getInstance(context), "common");
  return data(
    {
      locale,
      theme: readTheme(request.headers.get("Cookie")),
      demoNoticeDismissed: readDemoNoticeDismissed(request.headers.get("Cookie")),
      flash: flash && { kind: flash.kind, message: t(flash.messageKey) },
      publicUrl: platformOf(context).config.publicUrl,
      year: new Date(platformOf(context).clock.now()).getUTCFullYear(),
      user: user && { name: user.name, userType: user.userType },
      siteName: t("app.name"),
      // What the language's social-share image says (scripts/og-images.ts draws it).
      ogImageAlt: `${t("app.name")}: ${t("home.heroTitle")}`,
    },
    { headers },
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The browser loads its locale data on the first number or date it formats, a pause of tens of
 * milliseconds on a slow phone. Paid first thing in the head, while the stylesheets download and
 * before the first paint, it lands neither inside hydration (which formats every price on the page)
 * nor among the tasks that keep a freshly painted page from answering a tap.
 */
const localeDataWarmUp =
  "(function(l){new Intl.NumberFormat(l,{style:'currency',currency:'USD'}).format(1);new Intl.DateTimeFormat(l,{dateStyle:'medium'}).format(0)})(document.documentElement.lang)";

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const theme = useTheme(rootData?.theme);
  return (
    <html lang={i18n.language} dir={i18n.dir(i18n.language)} data-mantine-color-scheme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: localeDataWarmUp }} />
        <meta name="theme-color" content={theme === "dark" ? "#1a1b1e" : "#ffffff"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body className={theme === "dark" ? "dark" : undefined}>
        <MantineProvider theme={mantineTheme} forceColorScheme={theme} withCssVariables={false} withGlobalClasses={false}>
          <Shell theme={theme} flash={rootData?.flash ?? null} signedIn={Boolean(rootData?.user)} year={rootData?.year ?? foundingYear}>
            {children}
          </Shell>
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRenderedLanguage(loaderData.locale);
  useThemePreferenceFromStorage(useTheme(loaderData.theme));
  useEffect(() => {
    // Lets browser tests wait until the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <LiveQuotesProvider>
      <PlainLinkNavigation />
      <Outlet />
    </LiveQuotesProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (status >= 500) console.error(error);
  }, [error, status]);
  // Any other refused request (400, 405, 413…) is the sender's mistake, not an internal error.
  return <ErrorPage status={status === 404 ? 404 : status >= 400 && status < 500 ? 400 : 500} />;
}
