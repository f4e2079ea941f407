import { randomUUID } from "node:crypto";

import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { z } from "zod";

import type { AppDatabase } from "~/platform/database.server";

import type { chatMessages } from "../../db/schema";
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

export async function sessionMessages(db: AppDatabase, sessionId: string): Promise<ChatMessage[]> {
  const { chatMessages } = db.tables;
  const rows = await db.orm.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(chatMessages.id);
  return rows.map(toChatMessage);
}

/** The conversation the user continues: their most recently active one, or a new id not stored yet. */
export async function currentConversation(db: AppDatabase, userId: number): Promise<{ sessionId: string; messages: ChatMessage[] }> {
  const { chatSessions } = db.tables;
  const [latest] = await db.orm
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(1);
  return latest ? { sessionId: latest.id, messages: await sessionMessages(db, latest.id) } : { sessionId: randomUUID(), messages: [] };
}

/**
 * Makes the session the user's current one at `now`, creating it on first use. False when the id
 * belongs to someone else: ids come from the browser and must never open another person's
 * conversation.
 */
export async function claimSession(db: AppDatabase, userId: number, sessionId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { chatSessions } = tx.tables;
    const [existing] = await tx.orm
      .select({ userId: chatSessions.userId })
      .from(chatSessions)
      .where(eq(chatSessions.id, sessionId))
      .limit(1);
    if (existing && existing.userId !== userId) return false;
    if (existing) {
      await tx.orm.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, sessionId));
      return true;
    }
    await tx.orm.insert(chatSessions).values({ id: sessionId, userId, createdAt: now, updatedAt: now });
    const kept = await tx.orm
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(eq(chatSessions.userId, userId))
      .orderBy(desc(chatSessions.updatedAt))
      .limit(historyLimits.sessionsPerUser);
    await tx.orm.delete(chatSessions).where(
      and(
        eq(chatSessions.userId, userId),
        notInArray(
          chatSessions.id,
          kept.map(({ id }) => id),
        ),
      ),
    );
    return true;
  });
}

export async function appendMessage(
  db: AppDatabase,
  sessionId: string,
  message: { sender: ChatMessage["sender"]; text: string; refs?: ChatRef[] },
  now: Date,
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const { chatMessages, chatSessions } = tx.tables;
    const [row] = await tx.orm
      .insert(chatMessages)
      .values({ sessionId, sender: message.sender, text: message.text, refs: JSON.stringify(message.refs ?? []), createdAt: now })
      .returning();
    const [oldestKept] = await tx.orm
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.id))
      .limit(1)
      .offset(historyLimits.messagesPerSession - 1);
    if (oldestKept) {
      await tx.orm.delete(chatMessages).where(and(eq(chatMessages.sessionId, sessionId), lt(chatMessages.id, oldestKept.id)));
    }
    await tx.orm.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, sessionId));
    return toChatMessage(row!);
  });
}

async function lastMessage(db: AppDatabase, sessionId: string) {
  const { chatMessages } = db.tables;
  const [last] = await db.orm
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return last;
}

/** Refresh: the last reply goes, and the question it answered is asked again (not stored twice). */
export async function dropLastReply(db: AppDatabase, sessionId: string): Promise<void> {
  const { chatMessages } = db.tables;
  const last = await lastMessage(db, sessionId);
  if (last?.sender === "ai") await db.orm.delete(chatMessages).where(eq(chatMessages.id, last.id));
}

/** The last stored message, when it is the user's: a refresh asks it again rather than adding a copy. */
export async function pendingQuestion(db: AppDatabase, sessionId: string): Promise<string | null> {
  const last = await lastMessage(db, sessionId);
  return last?.sender === "user" ? last.text : null;
}

/** Like (true), dislike (false) or neither (null) on one of the user's replies; false when it is not theirs. */
export async function rateReply(db: AppDatabase, userId: number, messageId: number, liked: boolean | null): Promise<boolean> {
  const { chatMessages, chatSessions } = db.tables;
  const [owned] = await db.orm
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sender, "ai"), eq(chatSessions.userId, userId)))
    .limit(1);
  if (!owned) return false;
  await db.orm.update(chatMessages).set({ liked }).where(eq(chatMessages.id, messageId));
  return true;
}

/**
 * The exchange before the next question, as the streamed request carries it.
 * For a refresh, the question asked again and its reply are not part of it.
 */
export async function previousExchange(db: AppDatabase, sessionId: string, { refresh }: { refresh: boolean }) {
  const { chatMessages } = db.tables;
  let recent = await db.orm
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.id))
    .limit(4);
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
export async function lastQuestion(db: AppDatabase, sessionId: string): Promise<string | null> {
  const { chatMessages } = db.tables;
  const [row] = await db.orm
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.sender, "user")))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.text ?? null;
}
