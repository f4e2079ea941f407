import { csvHeader, toCsv } from "~/favorites/csv";
import { quoteFavorites } from "~/favorites/quotes.server";
import { requireOwnTable } from "~/favorites/table-page.server";
import { tableItems } from "~/favorites/tables.server";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/register-table-csv";

/** The table as CSV: a header row, then type, id, name, price, 24h change and added date per item. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { table } = await requireOwnTable(context, request, params.id);
  const rows = await tableItems(platformOf(context).db, table.id);
  const items = await quoteFavorites(
    marketOf(context),
    platformOf(context).logger,
    rows.map((row) => row.favorite),
    // A file outlives the visitor's choice of currency: its crypto prices are always US dollars.
    "usd",
  );
  const body = toCsv([
    csvHeader,
    ...items.map((item) => [item.type, item.assetId, item.name, item.price, item.change24h, item.addedAt.slice(0, 10)]),
  ]);
  const fileName = `record-table-${table.id}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
