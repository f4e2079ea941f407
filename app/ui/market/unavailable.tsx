import { IconCloudOff } from "@tabler/icons-react";
import { useTranslation } from "~/i18n/use-translation";

export function Unavailable() {
  const { t } = useTranslation();
  return (
    <p className="data-notice data-notice--error" role="alert" data-testid="unavailable">
      <IconCloudOff size={18} aria-hidden />
      <span>{t("api.upstreamUnavailable")}</span>
    </p>
  );
}
