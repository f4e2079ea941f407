import { describe, expect, it } from "vitest";
import { formatCompactMoney, formatMoney, formatPercent } from "~/lib/format";

const plain = (text: string) => text.replace(/\s/g, " ");

describe("number formatting", () => {
  it("uses the visitor's locale: comma decimals and R$ in pt-BR", () => {
    expect(plain(formatMoney(37.5, "BRL", "pt-BR"))).toBe("R$ 37,50");
    expect(plain(formatMoney(91200.5, "USD", "en"))).toBe("$91,200.50");
  });

  it("keeps significant digits for sub-cent prices", () => {
    expect(plain(formatMoney(0.00001234, "USD", "en"))).toBe("$0.00001234");
  });

  it("uses compact notation without padding zeros, as browsers render it", () => {
    expect(plain(formatCompactMoney(1.8e12, "USD", "pt-BR"))).toBe("US$ 1,8 tri");
    expect(plain(formatCompactMoney(4.3e11, "BRL", "en"))).toBe("R$430B");
  });

  it("always signs changes", () => {
    expect(plain(formatPercent(1.234, "pt-BR"))).toBe("+1,23%");
    expect(plain(formatPercent(-0.456, "en"))).toBe("-0.46%");
    expect(formatPercent(null, "en")).toBe("—");
  });
});
