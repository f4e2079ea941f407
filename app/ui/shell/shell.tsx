import type { ReactNode } from "react";

import { useTranslation } from "~/i18n/use-translation";
import type { ThemeName } from "~/lib/theme";

import { ChatLauncher } from "../assistant/chat-launcher";
import { type ToastMessage, Toasts } from "../kit/toasts";
import { TooltipLayer } from "../kit/tooltip";
import { BottomNav } from "./bottom-nav";
import { Breadcrumb } from "./breadcrumb";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress, useSlowNavigation } from "./navigation-progress";

type ShellProps = { theme: ThemeName; flash: ToastMessage | null; signedIn: boolean; year: number; children: ReactNode };

export function Shell({ theme, flash, signedIn, year, children }: ShellProps) {
  const { t } = useTranslation();
  const loading = useSlowNavigation();
  return (
    <>
      {loading && <NavigationProgress />}
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <Header theme={theme} signedIn={signedIn} />
      <main id="main" className="site-main" tabIndex={-1} aria-busy={loading || undefined}>
        <Breadcrumb />
        {children}
      </main>
      <Footer theme={theme} year={year} />
      <BottomNav />
      <ChatLauncher signedIn={signedIn} />
      <Toasts flash={flash} />
      <TooltipLayer />
    </>
  );
}
