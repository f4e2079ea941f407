import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { z } from "zod";
import { chatMessages, chatSessions } from "../../db/schema";
import type { AppDatabase } from "~/platform/db.server";
import type { ChatMessage, ChatRef } from "./types";

/** Messages kept per conversation and conversations kept per user: enough context, bounded storage. */
export const historyLimits = { messagesPerSession: 100, sessionsPerUser: 20 } as const;

const refsSchema = z.array(z.object({ title: z.string(), href: z.string() }));

type MessageRow = typeof chatMessages.$inferSelect;

function toChatMessage(row: MessageRow): ChatMessage {
  const refs = refsSchema.safeParse(JSON.parse(row.refs));
  return {
    id: String(row.id),
    text: row.text,
    sender: row.sender,
    refs: refs.success ? refs.data : [],
    isLiked: row.liked === true,
    isDisliked: row.liked === false,
  };
}

export function ownedSession(db: AppDatabase, userId: number, sessionId: string) {
  return db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .get();
}

export function sessionMessages(db: AppDatabase, sessionId: string): ChatMessage[] {
  return db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(chatMessages.id).all().map(toChatMessage);
}

/** The conversation the user continues: their most recently active one, or a new id not stored yet. */
export function currentConversation(db: AppDatabase, userId: number): { sessionId: string; messages: ChatMessage[] } {
  const latest = db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(1)
    .get();
  return latest ? { sessionId: latest.id, messages: sessionMessages(db, latest.id) } : { sessionId: randomUUID(), messages: [] };
}

/**
 * Makes the session the user's current one, creating it on first use. False when the id belongs
 * to someone else: ids come from the browser and must never open another person's conversation.
 */
export function claimSession(db: AppDatabase, userId: number, sessionId: string, now = Date.now()): boolean {
  const existing = db.select({ userId: chatSessions.userId }).from(chatSessions).where(eq(chatSessions.id, sessionId)).get();
  if (existing && existing.userId !== userId) return false;
  const at = new Date(now);
  if (existing) {
    db.update(chatSessions).set({ updatedAt: at }).where(eq(chatSessions.id, sessionId)).run();
    return true;
  }
  db.transaction((tx) => {
    tx.insert(chatSessions).values({ id: sessionId, userId, createdAt: at, updatedAt: at }).run();
    const kept = tx
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(eq(chatSessions.userId, userId))
      .orderBy(desc(chatSessions.updatedAt))
      .limit(historyLimits.sessionsPerUser)
      .all()
      .map(({ id }) => id);
    tx.delete(chatSessions)
      .where(and(eq(chatSessions.userId, userId), notInArray(chatSessions.id, kept)))
      .run();
  });
  return true;
}

export function appendMessage(
  db: AppDatabase,
  sessionId: string,
  message: { sender: ChatMessage["sender"]; text: string; refs?: ChatRef[] },
  now = Date.now(),
): ChatMessage {
  return db.transaction((tx) => {
    const row = tx
      .insert(chatMessages)
      .values({ sessionId, sender: message.sender, text: message.text, refs: JSON.stringify(message.refs ?? []), createdAt: new Date(now) })
      .returning()
      .get();
    const oldestKept = tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.id))
      .limit(1)
      .offset(historyLimits.messagesPerSession - 1)
      .get();
    if (oldestKept) {
      tx.delete(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), lt(chatMessages.id, oldestKept.id)))
        .run();
    }
    tx.update(chatSessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(chatSessions.id, sessionId))
      .run();
    return toChatMessage(row);
  });
}

function lastMessage(db: AppDatabase, sessionId: string) {
  return db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(desc(chatMessages.id)).limit(1).get();
}

/** Refresh: the last reply goes, and the question it answered is asked again (not stored twice). */
export function dropLastReply(db: AppDatabase, sessionId: string): void {
  const last = lastMessage(db, sessionId);
  if (last?.sender === "ai") db.delete(chatMessages).where(eq(chatMessages.id, last.id)).run();
}

/** The last stored message, when it is the user's: a refresh asks it again rather than adding a copy. */
export function pendingQuestion(db: AppDatabase, sessionId: string): string | null {
  const last = lastMessage(db, sessionId);
  return last?.sender === "user" ? last.text : null;
}

/** Like (true), dislike (false) or neither (null) on one of the user's replies; false when it is not theirs. */
export function rateReply(db: AppDatabase, userId: number, messageId: number, liked: boolean | null): boolean {
  const owned = db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sender, "ai"), eq(chatSessions.userId, userId)))
    .get();
  if (!owned) return false;
  db.update(chatMessages).set({ liked }).where(eq(chatMessages.id, messageId)).run();
  return true;
}

/**
 * The exchange before the next question, as the streamed request carries it.
 * For a refresh, the question asked again and its reply are not part of it.
 */
export function previousExchange(db: AppDatabase, sessionId: string, { refresh }: { refresh: boolean }) {
  let recent = db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(desc(chatMessages.id)).limit(4).all();
  if (refresh) {
    if (recent[0]?.sender === "ai") recent = recent.slice(1);
    if (recent[0]?.sender === "user") recent = recent.slice(1);
  }
  const [reply, question] = recent;
  const answered = reply?.sender === "ai" && question?.sender === "user";
  return {
    lastUserMessage: answered ? question.text : null,
    lastBotMessage: reply?.sender === "ai" ? reply.text : null,
    likeOrDislikePreviousMessage: reply?.sender === "ai" ? (reply.liked ?? undefined) : undefined,
  };
}

/** The question a refresh asks again: the session's last one. */
export function lastQuestion(db: AppDatabase, sessionId: string): string | null {
  const row = db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.sender, "user")))
    .orderBy(desc(chatMessages.id))
    .limit(1)
    .get();
  return row?.text ?? null;
}
