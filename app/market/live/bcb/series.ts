import { z } from "zod";

import type { Logger } from "~/platform/logger.server";

import type { EconomyProvider } from "../../providers/provider";
import type { EconomicPoint, EconomicSeriesId } from "../../types";
import { createJsonClient } from "../http";
import { num, validItems } from "../schema";

export type BcbOptions = { baseUrl?: string; timeoutMs?: number; logger?: Logger };

/** Banco Central do Brasil's time-series system (SGS): keyless, JSON on request. */
const defaultBcbBaseUrl = "https://api.bcb.gov.br/dados/serie";

/** SGS codes: 432 Selic target, 4389 CDI annualised, 12 CDI daily, 433 IPCA monthly, 13522 IPCA 12 months. */
const codes: Record<EconomicSeriesId, number> = { selic: 432, cdi: 4389, cdiDaily: 12, ipca: 433, ipca12m: 13522 };

/** SGS refuses windows longer than ten years (HTTP 406): ask for ten years less a day at most. */
const MAX_WINDOW_YEARS = 10;

/** dd/MM/yyyy, SGS's only date format, both ways. */
const brDate = /^(\d{2})\/(\d{2})\/(\d{4})$/;
export function fromBrDate(value: string): string | null {
  const match = brDate.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}
function toBrDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

/** [{"data":"26/11/2026","valor":"15.00"}]: values are strings with a dot decimal; a point without a date or value is dropped. */
const seriesSchema = validItems(z.object({ data: z.string(), valor: num }), "bcb: sgs").transform((items) =>
  items.flatMap(({ data, valor }): EconomicPoint[] => {
    const date = fromBrDate(data);
    return date === null || valor === null ? [] : [{ date, value: valor }];
  }),
);

/** The earliest start SGS accepts for a window ending on `to`. */
function earliestStart(to: string): string {
  const [year, month, day] = to.split("-").map(Number) as [number, number, number];
  const start = new Date(Date.UTC(year - MAX_WINDOW_YEARS, month - 1, day + 1));
  return start.toISOString().slice(0, 10);
}

export function createBcbProvider({ baseUrl = defaultBcbBaseUrl, timeoutMs, logger }: BcbOptions = {}): EconomyProvider {
  const http = createJsonClient({ provider: "bcb", baseUrl, timeoutMs, logger });
  const path = (id: EconomicSeriesId, tail: string) => `/bcdata.sgs.${codes[id]}/dados${tail}`;
  return {
    source: "live",
    async series(id, from, to) {
      const start = from < earliestStart(to) ? earliestStart(to) : from;
      // SGS answers 404 for a window without values.
      const points = await http.getOrNull(path(id, ""), seriesSchema, {
        formato: "json",
        dataInicial: toBrDate(start),
        dataFinal: toBrDate(to),
      });
      return (points ?? []).sort((a, b) => a.date.localeCompare(b.date));
    },
    async latest(id) {
      const points = await http.getOrNull(path(id, "/ultimos/1"), seriesSchema, { formato: "json" });
      return points?.at(-1) ?? null;
    },
  };
}
