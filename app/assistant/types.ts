/** Shapes shared by the chat panel, the /chat page and the assistant's server code. */

/** Spec section 9. */
export const chatPromptMaxLength = 1000;

/** An app page (or article) the reply used; the panel renders it as a link. */
export type ChatRef = { title: string; href: string };

type ChatSender = "user" | "ai";

/** Spec section 3. `first` marks the greeting, which is never stored or sent to a model. */
export type ChatMessage = {
  id: string;
  text: string;
  sender: ChatSender;
  refs: ChatRef[];
  first?: boolean;
  isLiked: boolean;
  isDisliked: boolean;
};

/** Server-sent events of the streamed reply. `text` is the next piece of the reply. */
export type ChatStreamEvents = {
  content: { sessionId: string; text: string; refs: ChatRef[] };
  /** `messageId` (ours, not the spec's) lets the browser rate the stored reply. */
  content_end: { sessionId: string; messageId: string };
  error: { sessionId: string; error: string };
};
