import { useTranslation } from "~/i18n/use-translation";
import { formatPercent } from "~/lib/format";

import "./change.css";

/** A signed, coloured change with an arrow (drawn by its stylesheet) and a screen-reader word, so colour is never the only cue. */
export function Change({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <span className="change">—</span>;
  const direction = value > 0 ? "up" : value < 0 ? "down" : "flat";
  return (
    <span className={`change change--${direction}`}>
      <span className="visually-hidden">{t(`market.direction.${direction}`)} </span>
      {formatPercent(value, i18n.language)}
    </span>
  );
}
