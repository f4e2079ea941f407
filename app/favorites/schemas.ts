import { z } from "zod";

import { cryptoIdSchema, tickerSchema } from "~/market/identifiers";
import { readableText, requiredTextField } from "~/platform/text";

import { assetTypes, favoriteSortFields } from "./assets";

/** The star button's post: add or remove one asset; `redirectTo` is where the visitor goes back to. */
export const favoriteToggleSchema = z.discriminatedUnion("assetType", [
  z.object({
    assetType: z.literal("crypto"),
    assetId: cryptoIdSchema,
    intent: z.enum(["add", "remove"]),
    redirectTo: z.string().optional(),
  }),
  z.object({
    assetType: z.literal("stock"),
    assetId: tickerSchema.transform((t) => t.toUpperCase()),
    intent: z.enum(["add", "remove"]),
    redirectTo: z.string().optional(),
  }),
]);

/** Record table title and description; messages are "favorites" keys. */
export const recordTableSchema = z.object({
  title: requiredTextField(80, { required: "favorites:errors.titleRequired", tooLong: "favorites:errors.titleTooLong" }),
  description: readableText(z.string().trim().max(500, "favorites:errors.descriptionTooLong")).optional().default(""),
});

export const favoriteListParams = z.object({
  type: z.enum(assetTypes).optional().catch(undefined),
  sort: z.enum(favoriteSortFields).catch("added"),
  order: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});
export type FavoriteListParams = z.infer<typeof favoriteListParams>;
