import type { z } from "zod";

import { completeChatReply, readChatApiRequest, startChatTurn, streamChatReply } from "~/assistant/chat.server";
import { assistantOf } from "~/assistant/context.server";
import { assistantReplySchema, proxyAiRequestSchema } from "~/assistant/schemas";
import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { platformOf } from "~/platform/context.server";
import { jsonError } from "~/platform/http.server";

import type { Route } from "./+types/ai";

/** POST /proxy/ai: the whole reply as JSON, for clients that do not stream. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const checked = await readChatApiRequest(request, context, proxyAiRequestSchema);
  if (checked.refused) return checked.refused;
  const [lastUser, lastBot, prompt] = checked.body.parts;
  const { sessionId } = checked.body;
  const platform = platformOf(context);
  const assistantRequest = await startChatTurn(platform, checked.user.id, languageOf(getLocale(context)), {
    sessionId,
    prompt: prompt.text,
    lastUserMessage: lastUser.text,
    lastBotMessage: lastBot.text,
    refresh: false,
  });
  // Ids come from clients: one already used by another account is refused, saying so.
  if (!assistantRequest) return jsonError(409, t("assistant:errors.sessionTaken"));
  try {
    const { text, refs } = await completeChatReply(
      streamChatReply(platform, assistantOf(context), sessionId, assistantRequest, request.signal, { paced: false }),
    );
    const reply: z.output<typeof assistantReplySchema> = { sessionId, text, refs };
    return Response.json(reply, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    platform.logger.warn("assistant: the reply failed:", String(error));
    return jsonError(502, t("assistant:errors.generation"));
  }
}
