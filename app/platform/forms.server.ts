import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** The fields whose value is longer than their own maximum. */
function overlongFields(schema: z.ZodType, payload: Record<string, unknown>): string[] {
  const result = schema.safeParse(payload);
  if (result.success) return [];
  return [...new Set(result.error.issues.filter((issue) => issue.code === "too_big").map((issue) => String(issue.path[0])))];
}

/**
 * Conform's parse of a form post, whose replies never send back a value longer than its field
 * allows: a megabyte pasted into a 254-character field is refused without being echoed into the
 * page (and again into its hydration data).
 */
export function parseFormSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return submission;
  const hidden = overlongFields(schema, submission.payload);
  if (hidden.length === 0) return submission;
  const reply: typeof submission.reply = (options = {}) => {
    // A reset sends no values back at all.
    if ("resetForm" in options) return submission.reply(options);
    const { hideFields = [] } = options as { hideFields?: string[] };
    return submission.reply({ ...options, hideFields: [...hideFields, ...hidden] });
  };
  return { ...submission, reply };
}
