import { useTranslation } from "~/i18n/use-translation";

/** Embedded sectors are keys with translations; live upstreams send their own names, shown as they come. */
export function useSectorLabel() {
  const { t } = useTranslation();
  return (sector: string | null) => {
    if (!sector) return "—";
    const key = `market.sectors.${sector}`;
    // i18next answers a missing key with the key itself; a plain `t(key)` is remembered, where `exists` walks the fallbacks each time.
    const label = t(key);
    return label === key ? sector : label;
  };
}
