// Plain values shared by the favourites screens and their schemas; kept apart from schemas.ts so
// pages that only show stars do not load zod.

/** Mirrors db/schema.ts (kept here so browser code does not import the database schema). */
export const assetTypes = ["crypto", "stock"] as const;
export type AssetType = (typeof assetTypes)[number];

export const favoritesPerPage = 12;
export const favoriteSortFields = ["added", "name", "price", "change"] as const;
export type FavoriteSortField = (typeof favoriteSortFields)[number];

export const assetKey = (type: AssetType, id: string) => `${type}:${id}`;
