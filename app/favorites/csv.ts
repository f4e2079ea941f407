export { csvField, toCsv } from "~/lib/csv";

export const csvHeader = ["type", "id", "name", "price", "change_24h", "added_date"];
