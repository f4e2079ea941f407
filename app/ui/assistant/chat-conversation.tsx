import { InputBase } from "@mantine/core";
import { IconCopy, IconRefresh, IconReload, IconSend, IconThumbDown, IconThumbUp, IconX } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";

import { type ChatMessage, chatPromptMaxLength, type ChatRef } from "~/assistant/types";
import { useTranslation } from "~/i18n/use-translation";

import { Button } from "../kit/button";
import { showToast } from "../kit/toasts";
import { withTooltip } from "../kit/tooltip";
import { useHydrated } from "../use-hydrated";
import { type ChatState, chatStore, loadConversation, rateReply, refreshLastReply, reloadChat, sendPrompt } from "./chat-store";

import "@mantine/core/styles/Input.css";
import "./chat.css";

export type Conversation = { sessionId: string; messages: ChatMessage[] };

type ChatConversationProps = {
  signedIn: boolean;
  /** What the server has stored; without JavaScript it is all there is. */
  conversation: Conversation | null;
  /** The /chat action's error, for visitors without JavaScript. */
  formError?: string | null;
  onClose?: () => void;
  titleId: string;
};

/**
 * The chat: greeting, messages with their refs and actions, and the composer. Every action is a
 * form posting to /chat, so it works without JavaScript; with it, the same forms stream and
 * update in place.
 */
export function ChatConversation({ signedIn, conversation, formError, onClose, titleId }: ChatConversationProps) {
  const { t } = useTranslation("assistant");
  const hydrated = useHydrated();
  const serverState: ChatState = {
    sessionId: conversation?.sessionId ?? null,
    messages: conversation?.messages ?? [],
    streaming: false,
    error: formError ?? null,
  };
  const chat = useSyncExternalStore(chatStore.subscribe, chatStore.get, () => serverState);
  const { sessionId, messages, streaming } = hydrated ? chat : serverState;
  const error = hydrated ? chat.error : serverState.error;

  useLayoutEffect(() => {
    if (conversation) loadConversation(conversation);
  }, [conversation]);

  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, streaming]);

  const greeting: ChatMessage = {
    id: "greeting",
    text: t("greeting"),
    sender: "ai",
    refs: [],
    first: true,
    isLiked: false,
    isDisliked: false,
  };
  const lastReplyId = messages.findLast((message) => message.sender === "ai")?.id;
  const generationError = t("errors.generation");

  return (
    <section className="chat" aria-labelledby={titleId}>
      <header className="chat__header">
        <h2 id={titleId} className="chat__title">
          {t("panel.title")}
        </h2>
        {signedIn && (
          <ChatActionForm
            fields={{ intent: "reload" }}
            onSubmit={() => {
              if (reloadChat()) showToast({ kind: "success", message: t("toasts.reloaded") });
            }}
          >
            <IconButton label={t("actions.reload")} disabled={hydrated && (messages.length === 0 || streaming)} testId="chat-reload">
              <IconReload size={18} aria-hidden />
            </IconButton>
          </ChatActionForm>
        )}
        {onClose && (
          <Button type="button" variant="ghost" size="icon" className="chat__icon-button" onClick={onClose} aria-label={t("panel.close")}>
            <IconX size={18} aria-hidden />
          </Button>
        )}
      </header>
      <p className="chat__privacy">
        {t("panel.privacy")} <Link to="/privacy-policy">{t("panel.privacyLink")}</Link>.
      </p>
      <ol ref={listRef} className="chat__messages" aria-live="polite" aria-busy={streaming} data-testid="chat-messages">
        {[greeting, ...messages].map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            hydrated={hydrated}
            canRefresh={signedIn && message.id === lastReplyId && !streaming}
            streaming={streaming && message.id === messages.at(-1)?.id}
            generationError={generationError}
          />
        ))}
      </ol>
      {error && (
        <p role="alert" className="chat__error" data-testid="chat-error">
          {error}
        </p>
      )}
      {signedIn ? (
        <Composer
          sessionId={sessionId}
          streaming={streaming}
          hydrated={hydrated}
          generationError={generationError}
          focusOnMount={onClose !== undefined}
        />
      ) : (
        <SignInPrompt />
      )}
    </section>
  );
}

function SignInPrompt() {
  const { t } = useTranslation("assistant");
  const { pathname, search } = useLocation();
  return (
    <p className="chat__sign-in">
      {t("panel.signIn")} <Link to={`/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`}>{t("panel.signInLink")}</Link>
    </p>
  );
}

type MessageItemProps = {
  message: ChatMessage;
  hydrated: boolean;
  canRefresh: boolean;
  streaming: boolean;
  generationError: string;
};

function MessageItem({ message, hydrated, canRefresh, streaming, generationError }: MessageItemProps) {
  const { t } = useTranslation("assistant");
  const stored = !message.id.startsWith("local-") && !message.first;
  return (
    <li className={`chat-message chat-message--${message.sender}`} data-testid={`chat-message-${message.sender}`}>
      <span className="visually-hidden">{t(`sender.${message.sender}`)}: </span>
      <p className="chat-message__text" data-testid="chat-message-text">
        {message.text}
        {streaming && <span className="chat-message__cursor" aria-hidden />}
      </p>
      {message.refs.length > 0 && <RefList refs={message.refs} />}
      {message.sender === "ai" && !message.first && !streaming && (
        <div className="chat-message__actions">
          {hydrated && (
            <IconButton label={t("actions.copy")} onClick={() => void copyText(message.text, t)} testId="chat-copy">
              <IconCopy size={16} aria-hidden />
            </IconButton>
          )}
          {(["like", "dislike"] as const).map((rating) => {
            const pressed = rating === "like" ? message.isLiked : message.isDisliked;
            const Icon = rating === "like" ? IconThumbUp : IconThumbDown;
            // Pressing the pressed one again clears it: like and dislike are exclusive toggles.
            const fields = { intent: "rate", messageId: message.id, rating: pressed ? "none" : rating };
            return (
              (stored || hydrated) && (
                <ChatActionForm key={rating} fields={fields} onSubmit={() => rateReply(message.id, rating)}>
                  <IconButton label={t(`actions.${rating}`)} pressed={pressed} testId={`chat-${rating}`}>
                    <Icon size={16} aria-hidden />
                  </IconButton>
                </ChatActionForm>
              )
            );
          })}
          {canRefresh && (
            <ChatActionForm fields={{ intent: "refresh" }} onSubmit={() => refreshLastReply(generationError)}>
              <IconButton label={t("actions.refresh")} testId="chat-refresh">
                <IconRefresh size={16} aria-hidden />
              </IconButton>
            </ChatActionForm>
          )}
        </div>
      )}
    </li>
  );
}

function RefList({ refs }: { refs: ChatRef[] }) {
  const { t } = useTranslation("assistant");
  return (
    <div className="chat-message__refs">
      <span className="chat-message__refs-label">{t("refs")}:</span>
      <ul>
        {refs.map((ref) => (
          <li key={ref.href}>
            {ref.href.startsWith("/") ? (
              <Link to={ref.href}>{ref.title}</Link>
            ) : (
              <a href={ref.href} target="_blank" rel="noopener noreferrer">
                {ref.title}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

async function copyText(text: string, t: (key: string) => string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: "success", message: t("toasts.copied") });
  } catch {
    showToast({ kind: "error", message: t("toasts.copyFailed") });
  }
}

type IconButtonProps = { label: string; children: ReactNode; testId: string; pressed?: boolean; disabled?: boolean; onClick?: () => void };

/** Inside a ChatActionForm it submits; with onClick it acts in the browser only. */
function IconButton({ label, children, testId, pressed, disabled, onClick }: IconButtonProps) {
  return (
    <Button
      type={onClick ? "button" : "submit"}
      variant="ghost"
      size="icon"
      className="chat__icon-button"
      aria-label={label}
      {...withTooltip(label)}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** A post to /chat without JavaScript; with it, `onSubmit` does the same in place. */
function ChatActionForm({ fields, onSubmit, children }: { fields: Record<string, string>; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      method="post"
      action="/chat"
      className="chat__action-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

type ComposerProps = {
  sessionId: string | null;
  streaming: boolean;
  hydrated: boolean;
  generationError: string;
  /** In the dialog, typing is what the visitor opened it for. */
  focusOnMount: boolean;
};

function Composer({ sessionId, streaming, hydrated, generationError, focusOnMount }: ComposerProps) {
  const { t } = useTranslation("assistant");
  const id = useId();
  const [text, setText] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Only the browser can know the text is blank before sending; without JavaScript the server says so.
  const sendDisabled = hydrated && (!text.trim() || streaming);

  useEffect(() => {
    // The dialog is fixed over the page: bringing the field into view would only scroll the page behind it.
    if (focusOnMount) inputRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendPrompt(text, generationError)) setText("");
  }

  return (
    <form ref={formRef} method="post" action="/chat" className="chat__composer" onSubmit={submit} id="chat-composer">
      <input type="hidden" name="intent" value="send" />
      {sessionId && <input type="hidden" name="sessionId" value={sessionId} />}
      <InputBase
        component="textarea"
        multiline
        ref={inputRef}
        name="prompt"
        aria-label={t("input.label")}
        // Its hint and counter describe it, which Mantine would otherwise overwrite (it then drops the id too).
        withAria={false}
        classNames={{ input: "chat__input" }}
        rows={2}
        maxLength={chatPromptMaxLength}
        placeholder={t("input.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            formRef.current?.requestSubmit();
          }
        }}
        aria-describedby={`${id}-counter ${id}-hint`}
        data-testid="chat-input"
      />
      <div className="chat__composer-bar">
        <span id={`${id}-counter`} className="chat__counter" data-testid="chat-counter">
          {t("input.counter", { count: text.length, max: chatPromptMaxLength })}
        </span>
        <span id={`${id}-hint`} className="visually-hidden">
          {t("input.hint")}
        </span>
        <Button type="submit" size="sm" leftSection={<IconSend size={16} aria-hidden />} disabled={sendDisabled} data-testid="chat-send">
          {streaming ? t("actions.sending") : t("actions.send")}
        </Button>
      </div>
    </form>
  );
}
