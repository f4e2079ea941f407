import { IconCloudOff } from "@tabler/icons-react";

import { useTranslation } from "~/i18n/use-translation";

import { Notice } from "../kit/notice";

export function Unavailable() {
  const { t } = useTranslation();
  return (
    <Notice tone="error" role="alert" icon={<IconCloudOff size={18} aria-hidden />} testId="unavailable">
      <span>{t("api.upstreamUnavailable")}</span>
    </Notice>
  );
}
