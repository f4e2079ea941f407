import { useTranslation } from "~/i18n/use-translation";

import { PlainLink } from "../kit/plain-link";
import { Logo } from "./logo";

import "./brand.css";

/** The logo and the site's name, linking home: the header's and the footer's. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <PlainLink to="/" className="brand" aria-label={t("app.logoAlt")}>
      <Logo />
      <span className="brand__name">{t("app.name")}</span>
    </PlainLink>
  );
}
