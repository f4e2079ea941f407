/**
 * Amounts in other currencies as Brazilian reais, so lists that mix B3 and US listings compare
 * like with like (US$ 2.075 is more than R$ 2.075). `unitsPerUsd` is a rate table against USD.
 */
export function inReais(amount: number, currency: string, unitsPerUsd: Readonly<Record<string, number>>): number {
  if (currency === "BRL") return amount;
  const brl = unitsPerUsd.BRL;
  const from = unitsPerUsd[currency];
  if (brl === undefined || from === undefined) throw new Error(`No rate to convert ${currency} to BRL`);
  return (amount / from) * brl;
}
