import { IconStar, IconStarFilled } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";

import type { AssetType } from "~/favorites/assets";
import { useTranslation } from "~/i18n/use-translation";

import { withTooltip } from "../kit/tooltip";

import "./favorites.css";

type FavoriteStarProps = {
  type: AssetType;
  assetId: string;
  name: string;
  /** Titles of the tables holding this favourite, or undefined when it is not starred. */
  linkedTables: string[] | undefined;
  /** "header": larger and framed, at the side of a detail page's header, level with the name. */
  placement?: "row" | "header";
};

/**
 * The star button: a real form posting to /favorites, so it works without JavaScript (removal
 * then goes through the confirm page). With JavaScript it answers at once (optimistic) and asks
 * for confirmation with the browser's dialog, naming the tables that would be deleted.
 */
export function FavoriteStar({ type, assetId, name, linkedTables, placement = "row" }: FavoriteStarProps) {
  const { t } = useTranslation("favorites");
  const fetcher = useFetcher();
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const starred = pendingIntent ? pendingIntent === "add" : linkedTables !== undefined;
  const label = starred ? t("star.remove", { name }) : t("star.add", { name });
  const iconSize = placement === "header" ? 22 : 18;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    if (formData.get("intent") === "remove") {
      const question = linkedTables?.length
        ? t("confirm.questionWithTables", { name, tables: linkedTables.join(", ") })
        : t("confirm.question", { name });
      if (!window.confirm(question)) return;
      formData.set("confirmed", "1");
    }
    formData.set("js", "1");
    void fetcher.submit(formData, { method: "post", action: "/favorites" });
  }

  return (
    // A plain form: its submit always goes through `onSubmit`, so fetcher.Form's own handling
    // (a resolved action per row, the costliest part of a long table's render) would never run.
    <form method="post" action="/favorites" onSubmit={onSubmit} className="favorite-star">
      <input type="hidden" name="assetType" value={type} />
      <input type="hidden" name="assetId" value={assetId} />
      <input type="hidden" name="intent" value={starred ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className={placement === "header" ? "favorite-star__button favorite-star__button--header" : "favorite-star__button"}
        aria-label={label}
        aria-pressed={starred}
        {...withTooltip(label)}
        data-testid={`star-${type}-${assetId}`}
      >
        {starred ? <IconStarFilled size={iconSize} aria-hidden /> : <IconStar size={iconSize} aria-hidden />}
      </button>
    </form>
  );
}
