import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "~/i18n/use-translation";
import type { DataSource } from "~/market/types";

/** Says plainly when a screen shows the embedded demonstration data, and what turns on live data. */
export function DemoNotice({ sources, stale = false }: { sources: DataSource[]; stale?: boolean }) {
  const { t } = useTranslation();
  const demo = sources.includes("demo");
  if (!demo && !stale) return null;
  return (
    <p className="data-notice" role="note" data-testid={demo ? "demo-notice" : "stale-notice"}>
      <IconInfoCircle size={18} aria-hidden />
      <span>{demo ? t("market.demoNotice") : t("market.staleNotice")}</span>
    </p>
  );
}
