import { IconMessageChatbot } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import type { Conversation } from "./chat-conversation";
import { chatStore, loadConversation } from "./chat-store";

// With the page, not with the lazy conversation: the button and the dialog's frame are styled here.
import "../kit/dialog-frame.css";
import "./chat.css";

// The conversation (with its stream parser) is fetched when a visitor reaches for the button, not
// with every page: most visits never open the chat.
const importConversation = () => import("./chat-conversation");
const ChatConversation = lazy(() => importConversation().then((module) => ({ default: module.ChatConversation })));

/**
 * The floating chat button on every page. Without JavaScript it is a link to /chat; with it, it
 * opens the chat in a modal <dialog> (focus goes to the text box and stays inside; Escape closes and
 * gives focus back to the button) and loads the stored conversation once per visit.
 */
export function ChatLauncher({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("assistant");
  const { pathname } = useLocation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ conversation: Conversation | null }>();

  useEffect(() => {
    if (fetcher.data?.conversation) loadConversation(fetcher.data.conversation);
  }, [fetcher.data]);

  if (pathname === "/chat") return null;

  const close = () => dialogRef.current?.close();

  return (
    <>
      <a
        href="/chat"
        className="chat-fab"
        aria-haspopup="dialog"
        data-testid="chat-open"
        onPointerEnter={importConversation}
        onFocus={importConversation}
        onClick={(event) => {
          event.preventDefault();
          // Opened here, before the conversation renders, so the conversation finds it open and can
          // focus its text box (showModal alone would focus the dialog, or its first button).
          const dialog = dialogRef.current;
          if (dialog && !dialog.open) dialog.showModal();
          setOpen(true);
          if (signedIn && chatStore.get().sessionId === null && fetcher.state === "idle") void fetcher.load("/chat");
        }}
      >
        <IconMessageChatbot size={26} aria-hidden />
        <span className="visually-hidden">{t("panel.open")}</span>
      </a>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- A click on the backdrop lands on the dialog itself: it closes, as a click outside should (the keyboard has Escape). */}
      <dialog
        ref={dialogRef}
        className="dialog-frame chat-dialog"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        data-testid="chat-dialog"
      >
        {open && (
          <Suspense
            fallback={
              <p className="chat-dialog__loading" role="status">
                {t("panel.loading")}
              </p>
            }
          >
            <ChatConversation signedIn={signedIn} conversation={null} onClose={close} titleId={titleId} />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
