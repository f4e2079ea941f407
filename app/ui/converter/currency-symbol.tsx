import { currencyFlag, metalSymbols, type CurrencyOption } from "~/market/converter";
import { AssetImage } from "../market/asset-image";

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
  const flag = currencyFlag(code);
  return flag ? (
    <span className="currency-flag" aria-hidden>
      {flag}
    </span>
  ) : (
    <span className="currency-badge" aria-hidden>
      {code}
    </span>
  );
}
