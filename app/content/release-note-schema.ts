import { z } from "zod";

import { releaseNoteStatuses } from "../../db/schema";
import { requiredText } from "../platform/text";

/**
 * The release-note editor, checked by the action (authoritative) and by Conform in the browser.
 * Messages are translation keys with their namespace, so the shared form components find them.
 */

export { releaseNoteStatuses };

export type ReleaseNoteStatus = (typeof releaseNoteStatuses)[number];

export const releaseNoteLimits = {
  titleMin: 3,
  titleMax: 120,
  authorMin: 2,
  authorMax: 80,
  contactMax: 200,
  bodyMin: 10,
  bodyMax: 20_000,
} as const;

const text = (min: number, max: number, error: string) =>
  requiredText(z.string({ error }).trim().min(min, { error }).max(max, { error }), error);

const contact = z
  .string({ error: "releases:errors.contactInvalid" })
  .trim()
  .max(releaseNoteLimits.contactMax, { error: "releases:errors.contactInvalid" })
  .pipe(z.union([z.email(), z.url({ protocol: /^https$/, hostname: z.regexes.domain })], { error: "releases:errors.contactInvalid" }));

export const releaseNoteSchema = z.object({
  title: text(releaseNoteLimits.titleMin, releaseNoteLimits.titleMax, "releases:errors.titleLength"),
  author: text(releaseNoteLimits.authorMin, releaseNoteLimits.authorMax, "releases:errors.authorLength"),
  contact,
  body: text(releaseNoteLimits.bodyMin, releaseNoteLimits.bodyMax, "releases:errors.bodyLength"),
  status: z.enum(releaseNoteStatuses, { error: "releases:errors.statusRequired" }),
});

export type ReleaseNoteInput = z.output<typeof releaseNoteSchema>;
