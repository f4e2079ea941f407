import type { ReactNode } from "react";

import { PlainLink } from "../kit/plain-link";
import { Table } from "../kit/table";
import { AssetImage } from "./asset-image";

import "./quote-table.css";

/**
 * Columns a phone leaves out: there a row is the asset's name, price and 24 h change on one line,
 * and tapping it anywhere opens the asset's page, which has the rest.
 */
export const wideOnly = "quote-table__wide-only";

type QuoteTableProps = { caption: string; className?: string; testId?: string; children: ReactNode };

/** A table of assets and their quotes (the market lists, favourites, record tables): one row an asset. */
export function QuoteTable({ caption, className, testId, children }: QuoteTableProps) {
  return (
    <Table caption={caption} className={className ? `quote-table ${className}` : "quote-table"} testId={testId}>
      {children}
    </Table>
  );
}

type AssetLinkProps = { to: string; image: string | null; imageLabel: string; name: string; detail: string };

/** A quote table's name cell: logo, name and symbol, linking to the asset's page (over the whole row on a phone). */
export function AssetLink({ to, image, imageLabel, name, detail }: AssetLinkProps) {
  return (
    <PlainLink to={to} className="asset-link">
      <AssetImage src={image} label={imageLabel} />
      <span>
        <span className="asset-link__name">{name}</span>
        <span className="asset-link__symbol">{detail}</span>
      </span>
    </PlainLink>
  );
}
