import { count, desc, eq, sql } from "drizzle-orm";

import { pagesChangedChannel, type Platform } from "~/platform/context.server";
import type { AppDatabase, Tables } from "~/platform/database.server";

import type { ReleaseNote } from "../../db/schema";
import { markdownExcerpt, renderMarkdown } from "./markdown.server";
import type { ReleaseNoteInput } from "./release-note-schema";

export const releaseNotesPerPage = 10;

/** Who is reading: administrators also see drafts. */
export type Audience = { includeDrafts: boolean };
const visitors: Audience = { includeDrafts: false };

/** Where notes are kept, and who hears that they changed. */
export type NoteStore = Pick<Platform, "db" | "events">;

/** What lists show of a note; dates travel as ISO strings. */
export type ReleaseNoteSummary = {
  id: number;
  title: string;
  author: string;
  status: ReleaseNote["status"];
  publishedAt: string | null;
  excerpt: string;
};

export type ReleaseNoteView = ReleaseNoteSummary & { contact: string; html: string };

function toSummary(note: ReleaseNote): ReleaseNoteSummary {
  return {
    id: note.id,
    title: note.title,
    author: note.author,
    status: note.status,
    publishedAt: note.publishedAt?.toISOString() ?? null,
    excerpt: markdownExcerpt(note.body),
  };
}

const isPublished = ({ releaseNotes }: Tables) => eq(releaseNotes.status, "published");

// Drafts (no date yet) first for administrators, then the newest publication; ids break ties.
const newestFirst = ({ releaseNotes }: Tables) => [
  sql`${releaseNotes.publishedAt} is null desc`,
  desc(releaseNotes.publishedAt),
  desc(releaseNotes.updatedAt),
  desc(releaseNotes.id),
];

/** One page of the blog, newest first. */
export async function listReleaseNotes(db: AppDatabase, page: number, audience: Audience = visitors, perPage = releaseNotesPerPage) {
  const { releaseNotes } = db.tables;
  const where = audience.includeDrafts ? undefined : isPublished(db.tables);
  const [[counted], rows] = await Promise.all([
    db.orm.select({ total: count() }).from(releaseNotes).where(where),
    db.orm
      .select()
      .from(releaseNotes)
      .where(where)
      .orderBy(...newestFirst(db.tables))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { items: rows.map(toSummary), total: counted?.total ?? 0 };
}

/** The newest published notes: the home page's blog section, the team's activity, the RSS feed. */
export async function latestReleaseNotes(db: AppDatabase, limit: number): Promise<ReleaseNote[]> {
  const { releaseNotes } = db.tables;
  return db.orm
    .select()
    .from(releaseNotes)
    .where(isPublished(db.tables))
    .orderBy(...newestFirst(db.tables))
    .limit(limit);
}

export async function latestReleaseNoteSummaries(db: AppDatabase, limit: number): Promise<ReleaseNoteSummary[]> {
  const key = `${limit}`;
  try {
    const summaries = (await latestReleaseNotes(db, limit)).map(toSummary);
    lastReadSummaries.set(db, { ...lastReadSummaries.get(db), [key]: summaries });
    return summaries;
  } catch (error) {
    // The home page and the team page outlive a database outage with the notes they last showed.
    const last = lastReadSummaries.get(db)?.[key];
    if (last) return last;
    throw error;
  }
}

/** Per database and limit, the summaries last read: notes change seldom, and showing them beats an error page. */
const lastReadSummaries = new WeakMap<AppDatabase, Record<string, ReleaseNoteSummary[]>>();

/** A note as stored (for the editor); a draft only for administrators. */
export async function findReleaseNote(db: AppDatabase, id: number, audience: Audience = visitors): Promise<ReleaseNote | undefined> {
  const { releaseNotes } = db.tables;
  const [note] = await db.orm.select().from(releaseNotes).where(eq(releaseNotes.id, id)).limit(1);
  return note && (audience.includeDrafts || note.status === "published") ? note : undefined;
}

/** A note ready to read, its Markdown rendered to sanitised HTML. */
export async function viewReleaseNote(db: AppDatabase, id: number, audience: Audience = visitors): Promise<ReleaseNoteView | undefined> {
  const note = await findReleaseNote(db, id, audience);
  return note && { ...toSummary(note), contact: note.contact, html: renderMarkdown(note.body) };
}

/** A note keeps its first publication date while it stays published; going back to draft clears it. */
function publishedAtFor(status: ReleaseNote["status"], previous: Date | null, now: Date) {
  return status === "published" ? (previous ?? now) : null;
}

/**
 * Tells every instance which public pages show this note (any page of the list, any language,
 * with or without a query), so none keeps serving them as they were: the list, the note's own
 * page, and the home page and team page, which show the newest notes.
 */
async function announceChangedNote(events: NoteStore["events"], id: number) {
  const paths = ["/release-notes", `/release-notes/${id}`, "/", "/team"];
  await events.publish(pagesChangedChannel, JSON.stringify({ paths }));
}

export async function createReleaseNote({ db, events }: NoteStore, values: ReleaseNoteInput, now: Date): Promise<number> {
  const { releaseNotes } = db.tables;
  const [created] = await db.orm
    .insert(releaseNotes)
    .values({ ...values, publishedAt: publishedAtFor(values.status, null, now), createdAt: now, updatedAt: now })
    .returning({ id: releaseNotes.id });
  await announceChangedNote(events, created!.id);
  return created!.id;
}

/** Changes a note, given its stored state; false when it no longer exists. */
async function changeReleaseNote(
  { db, events }: NoteStore,
  id: number,
  change: (existing: ReleaseNote) => Partial<ReleaseNote>,
): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const { releaseNotes } = tx.tables;
    const existing = await findReleaseNote(tx, id, { includeDrafts: true });
    if (!existing) return false;
    await tx.orm.update(releaseNotes).set(change(existing)).where(eq(releaseNotes.id, id));
    return true;
  });
  if (changed) await announceChangedNote(events, id);
  return changed;
}

/** False when the note no longer exists. */
export function updateReleaseNote(store: NoteStore, id: number, values: ReleaseNoteInput, now: Date): Promise<boolean> {
  return changeReleaseNote(store, id, (existing) => ({
    ...values,
    publishedAt: publishedAtFor(values.status, existing.publishedAt, now),
    updatedAt: now,
  }));
}

function setStatus(store: NoteStore, id: number, status: ReleaseNote["status"], now: Date): Promise<boolean> {
  return changeReleaseNote(store, id, (existing) => ({
    status,
    publishedAt: publishedAtFor(status, existing.publishedAt, now),
    updatedAt: now,
  }));
}

export function publishReleaseNote(store: NoteStore, id: number, now: Date) {
  return setStatus(store, id, "published", now);
}

export function unpublishReleaseNote(store: NoteStore, id: number, now: Date) {
  return setStatus(store, id, "draft", now);
}

export async function deleteReleaseNote({ db, events }: NoteStore, id: number): Promise<boolean> {
  const { releaseNotes } = db.tables;
  const deleted = await db.orm.delete(releaseNotes).where(eq(releaseNotes.id, id)).returning({ id: releaseNotes.id });
  if (deleted.length > 0) await announceChangedNote(events, id);
  return deleted.length > 0;
}
