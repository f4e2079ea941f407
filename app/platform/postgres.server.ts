import type { AppDatabase } from "./database.server";

/** PostgreSQL through Drizzle: filled in by the PostgreSQL work of this change. */
export async function openPostgres(_url: string, _appDir: string): Promise<AppDatabase> {
  throw new Error("PostgreSQL support is not built yet");
}
