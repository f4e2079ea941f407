import { z } from "zod";

import { feedbackTypes } from "../../db/schema";
import { requiredTextField } from "../platform/text";

/**
 * The feedback form, checked by the action (authoritative) and by Conform in the browser.
 * Messages are translation keys with their namespace, so the shared form components find them.
 */

export { feedbackTypes };

export const feedbackLimits = {
  titleMax: 120,
  descriptionMax: 5000,
  maxImages: 3,
  /** Each screenshot must be under 1 MB. */
  maxImageBytes: 1024 * 1024,
  /** A long full-page screenshot on a high-density screen fits; a picture bigger is a trap. */
  maxImageSide: 16_384,
  maxImagePixels: 50_000_000,
  /** Three full-size screenshots plus the text fit; anything larger is refused before the app reads it. */
  maxBodyBytes: 4 * 1024 * 1024,
} as const;

const image = z
  .file({ error: "feedback:errors.invalidImage" })
  .refine((file) => file.size < feedbackLimits.maxImageBytes, { error: "feedback:errors.imageTooLarge" });

export const feedbackSchema = z.object({
  title: requiredTextField(feedbackLimits.titleMax, { required: "feedback:errors.titleRequired", tooLong: "feedback:errors.titleTooLong" }),
  description: requiredTextField(feedbackLimits.descriptionMax, {
    required: "feedback:errors.descriptionRequired",
    tooLong: "feedback:errors.descriptionTooLong",
  }),
  type: z.enum(feedbackTypes, { error: "feedback:errors.typeRequired" }),
  images: z
    .array(image)
    .max(feedbackLimits.maxImages, { error: "feedback:errors.tooManyImages" })
    .optional()
    .transform((files) => files ?? []),
});

export type FeedbackInput = z.output<typeof feedbackSchema>;
