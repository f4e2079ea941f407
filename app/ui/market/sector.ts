import { useTranslation } from "~/i18n/use-translation";

/** Embedded sectors are keys with translations; live upstreams send their own names, shown as they come. */
export function useSectorLabel() {
  const { t, i18n } = useTranslation();
  return (sector: string | null) => {
    if (!sector) return "—";
    const key = `market.sectors.${sector}`;
    return i18n.exists(key) ? t(key) : sector;
  };
}
