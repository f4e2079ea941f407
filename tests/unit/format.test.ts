import { describe, expect, it } from "vitest";

import { formatCompactMoney, formatDate, formatMoney, formatPercent } from "~/lib/format";

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

describe("date formatting", () => {
  it("formats with the same options object in each locale, and with equal options alike", () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };
    const at = Date.UTC(2026, 10, 27, 21, 0);
    expect(formatDate(at, "pt-BR", options)).toBe("27 de nov. de 2026");
    expect(formatDate(at, "en", options)).toBe("Nov 27, 2026");
    expect(formatDate(at, "es", options)).toBe("27 nov 2026");
    expect(formatDate(at, "en", { ...options })).toBe("Nov 27, 2026");
    expect(formatDate(at, "en", { ...options, dateStyle: "long" })).toBe("November 27, 2026");
  });
});
