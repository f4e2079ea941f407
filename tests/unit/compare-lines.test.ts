import { describe, expect, it } from "vitest";

import { percentAxisFormatter } from "~/ui/charts/axis";
import { compareLine, valuesAt } from "~/ui/compare/compare-lines";

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const seconds = (date: string) => day(date) / 1000;

describe("the compared series on the canvas", () => {
  it("turns the loader's [ms, %] points into time-ordered {time in seconds, value}, one per time", () => {
    const line = compareLine([
      [day("2026-03-03"), 2.5],
      [day("2026-03-01"), 0],
      [day("2026-03-02"), Number.NaN],
      [day("2026-03-03"), 3],
    ]);
    expect(line).toEqual([
      { time: seconds("2026-03-01"), value: 0 },
      { time: seconds("2026-03-03"), value: 3 },
    ]);
  });

  it("gives each series' % at a hovered date, carrying its last value over dates it has none", () => {
    const stock = compareLine([
      [day("2026-03-02"), 0],
      [day("2026-03-03"), -1.5],
      [day("2026-03-06"), 4],
    ]);
    const crypto = compareLine([
      [day("2026-03-01"), 0],
      [day("2026-03-04"), 7.25],
      [day("2026-03-05"), 9],
    ]);
    expect(valuesAt([stock, crypto], seconds("2026-03-01"))).toEqual([null, 0]);
    expect(valuesAt([stock, crypto], seconds("2026-03-03"))).toEqual([-1.5, 0]);
    expect(valuesAt([stock, crypto], seconds("2026-03-05"))).toEqual([-1.5, 9]);
    expect(valuesAt([stock, crypto], seconds("2026-03-06") + 3600)).toEqual([4, 9]);
    expect(valuesAt([[]], seconds("2026-03-06"))).toEqual([null]);
  });
});

describe("the % axis", () => {
  it("labels ticks as signed percentages with the step's decimals, per locale", () => {
    expect(percentAxisFormatter("pt-BR")([-10, -5, 0, 5, 10])).toEqual(["-10%", "-5%", "0%", "+5%", "+10%"]);
    expect(percentAxisFormatter("pt-BR")([0, 2.5, 5])).toEqual(["0%", "+2,5%", "+5%"]);
    expect(percentAxisFormatter("en")([12.25, 12.5])).toEqual(["+12.25%", "+12.5%"]);
    const [thousand, twoThousand] = percentAxisFormatter("es")([1000, 2000]);
    expect(thousand).toMatch(/^\+1000\s%$/);
    expect(twoThousand).toMatch(/^\+2000\s%$/);
    expect(percentAxisFormatter("en")([])).toEqual([]);
  });
});
