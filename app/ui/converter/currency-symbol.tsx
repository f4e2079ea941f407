import { type CurrencyOption, metalSymbols } from "~/market/converter";

import { AssetImage } from "../market/asset-image";
import { flagUrlOf } from "./currency-flags";

/**
 * A currency's picture beside its name: the crypto's icon, the metal's chemical symbol, the
 * country's flag, or the code on a neutral badge (supranational currencies). Decorative: the
 * name and code next to it say the same.
 */
export function CurrencySymbol({ option: { code, kind, icon } }: { option: Pick<CurrencyOption, "code" | "kind" | "icon"> }) {
  if (kind === "crypto") return <AssetImage src={icon} label={code} size={24} />;
  const metal = metalSymbols[code];
  if (metal) {
    return (
      <span className={`currency-badge currency-badge--${code.toLowerCase()}`} aria-hidden>
        {metal}
      </span>
    );
  }
  const flag = flagUrlOf(code);
  // Lazy: an open list holds 150 flags, of which the visitor sees a handful.
  return flag ? (
    <img className="currency-flag" src={flag} alt="" width={24} height={18} loading="lazy" decoding="async" />
  ) : (
    <span className="currency-badge" aria-hidden>
      {code}
    </span>
  );
}
