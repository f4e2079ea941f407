import { readChatApiRequest, startChatTurn, streamChatReply } from "~/assistant/chat.server";
import { assistantOf } from "~/assistant/context.server";
import { eventStreamResponse } from "~/assistant/event-stream.server";
import { chatStreamRequestSchema } from "~/assistant/schemas";
import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { platformOf } from "~/platform/context.server";
import { jsonError } from "~/platform/http.server";

import type { Route } from "./+types/chat-stream";

/**
 * The streamed reply: server-sent events `content`, `content_end` and `error`.
 * Refusals before the stream starts are ordinary JSON errors with a translated message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const checked = await readChatApiRequest(request, context, chatStreamRequestSchema);
  if (checked.refused) return checked.refused;
  const platform = platformOf(context);
  const { sessionId } = checked.body;
  const assistantRequest = await startChatTurn(platform, checked.user.id, languageOf(getLocale(context)), checked.body);
  // Ids come from clients: one already used by another account is refused, saying so.
  if (!assistantRequest) return jsonError(409, t("assistant:errors.sessionTaken"));

  return eventStreamResponse(request.signal, async (send, signal) => {
    // A shutdown stops the model too, but the stream goes on long enough to say so.
    const { shutdownDeadline } = platform;
    const modelSignal = AbortSignal.any([signal, shutdownDeadline]);
    const replies = streamChatReply(platform, assistantOf(context), sessionId, assistantRequest, modelSignal, {
      keepPartialWhen: shutdownDeadline,
    });
    try {
      let next = await replies.next();
      while (!next.done) {
        send("content", { sessionId, text: next.value.text, refs: next.value.refs });
        next = await replies.next();
      }
      send("content_end", { sessionId, messageId: next.value.id });
    } catch (error) {
      if (signal.aborted) return;
      if (shutdownDeadline.aborted) {
        send("error", { sessionId, error: t("assistant:errors.interrupted") });
        return;
      }
      platform.logger.warn("assistant: the reply failed:", String(error));
      send("error", { sessionId, error: t("assistant:errors.generation") });
    } finally {
      // The reply was stored as it ended: /chat kept for the user's sessions no longer shows it all.
      await platform.personalPages.changed(checked.user.id);
    }
  });
}
