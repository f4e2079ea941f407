import { requireAdmin } from "~/account/current-user";
import { findFeedbackImage } from "~/content/feedback.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/feedback-image";

/** A stored screenshot, for administrators only, served as exactly the type its bytes were checked to be. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = Number(params.id);
  const image = Number.isSafeInteger(id) && id > 0 ? await findFeedbackImage(platformOf(context).db, id) : undefined;
  if (!image) throw new Response(null, { status: 404 });
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.data.byteLength),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
