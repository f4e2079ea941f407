import { Container, Text, Title } from "@mantine/core";
import { useId } from "react";
import { data, redirect } from "react-router";

import { getUser, requireUser } from "~/account/current-user";
import { chatRateLimitRefusal, completeChatReply, startChatTurn, streamChatReply } from "~/assistant/chat.server";
import { assistantOf } from "~/assistant/context.server";
import { claimSession, currentConversation, lastQuestion, previousExchange, rateReply } from "~/assistant/history.server";
import { chatFormSchema } from "~/assistant/schemas";
import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData } from "~/platform/http.server";
import { ChatConversation } from "~/ui/assistant/chat-conversation";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/chat";

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return data(
    {
      meta: pageMetaFor(context, "page", { ns: "assistant" }),
      conversation: user ? await currentConversation(platformOf(context).db, user.id) : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta = routeMeta;

const backToChat = "/chat#chat-composer";

/** The chat without JavaScript: every form of the panel posts here and the page shows the result. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  const submission = parseFormSubmission(await readFormData(request, context), chatFormSchema);
  if (submission.status !== "success") {
    // Like the other forms, a field error re-renders the page with the message.
    const key = Object.values(submission.error ?? {}).flat()[0];
    return { error: t(`assistant:${key?.startsWith("errors.") ? key : "errors.invalidRequest"}`) };
  }
  const platform = platformOf(context);
  const { db, clock, logger } = platform;
  const form = submission.value;
  switch (form.intent) {
    case "rate":
      await rateReply(db, user.id, form.messageId, form.rating === "none" ? null : form.rating === "like");
      return redirect(backToChat);
    case "reload":
      if (!(await claimSession(db, user.id, form.sessionId ?? crypto.randomUUID(), new Date(clock.now())))) {
        return data({ error: t("assistant:errors.invalidSession") }, { status: 400 });
      }
      return flashRedirect(backToChat, { kind: "success", messageKey: "assistant:toasts.reloaded" });
  }
  const refresh = form.intent === "refresh";
  const sessionId = refresh ? (await currentConversation(db, user.id)).sessionId : form.sessionId;
  const prompt = refresh ? await lastQuestion(db, sessionId) : form.prompt;
  if (!prompt) return redirect(backToChat);
  const refusal = await chatRateLimitRefusal(context, user.id);
  if (refusal) {
    return data({ error: refusal.message }, { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } });
  }
  const assistantRequest = await startChatTurn(platform, user.id, languageOf(getLocale(context)), {
    sessionId,
    prompt,
    ...(await previousExchange(db, sessionId, { refresh })),
    refresh,
  });
  if (!assistantRequest) return data({ error: t("assistant:errors.invalidSession") }, { status: 400 });
  try {
    await completeChatReply(streamChatReply(platform, assistantOf(context), sessionId, assistantRequest, request.signal, { paced: false }));
  } catch (error) {
    logger.warn("assistant: the reply failed:", String(error));
    return data({ error: t("assistant:errors.generation") }, { status: 502 });
  }
  return redirect(backToChat);
}

export default function Chat({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("assistant");
  const titleId = useId();
  return (
    <Container size="sm" className="page chat-page">
      <Title order={1}>{t("heading")}</Title>
      <Text mt="sm" mb="md">
        {t("intro")}
      </Text>
      <ChatConversation
        signedIn={loaderData.conversation !== null}
        conversation={loaderData.conversation}
        formError={actionData?.error ?? null}
        titleId={titleId}
      />
    </Container>
  );
}
