// The large database of issue 20 ("Cost as the work grows"): what scripts/generate-data.ts puts in
// it and the accounts the bench's "scale" section signs in with. Shared by both, so they agree.

/** Rows at full size; `--scale=0.1` makes a tenth of each (the measured accounts stay whole). */
export const scaleTotals = { users: 100_000, favorites: 1_000_000, recordTables: 100_000, chatMessages: 200_000, feedback: 50_000 };

/** The generator's version: a database made by another version is made again, not reused. */
export const generatorVersion = 1;

/** Every generated account's password (one argon2 hash, computed once, serves them all). */
export const scalePassword = "Scale-bench-Pass-2026";

/** The measured users have this many favourites, and one record table holding all of them. */
export const measuredSizes = [10, 100, 1000];

export const measuredEmail = (size) => `measured-${size}@scale.example`;
export const adminEmail = "admin@scale.example";
/** The n-th ordinary account (1-based). */
export const generatedEmail = (n) => `user${n}@scale.example`;
