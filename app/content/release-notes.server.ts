import { count, desc, eq, sql } from "drizzle-orm";
import { releaseNotes, type ReleaseNote } from "../../db/schema";
import { getDb, type AppDatabase } from "~/platform/db.server";
import { markdownExcerpt, renderMarkdown } from "./markdown.server";
import type { ReleaseNoteInput } from "./release-note-schema";
import { invalidatePublicPages } from "~/platform/page-cache.server";

export const releaseNotesPerPage = 10;

/** Who is reading: administrators also see drafts. */
export type Audience = { includeDrafts: boolean };
const visitors: Audience = { includeDrafts: false };

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

const isPublished = eq(releaseNotes.status, "published");

// Drafts (no date yet) first for administrators, then the newest publication; ids break ties.
const newestFirst = [
  sql`${releaseNotes.publishedAt} is null desc`,
  desc(releaseNotes.publishedAt),
  desc(releaseNotes.updatedAt),
  desc(releaseNotes.id),
];

/** One page of the blog, newest first. */
export function listReleaseNotes(page: number, audience: Audience = visitors, perPage = releaseNotesPerPage, db: AppDatabase = getDb()) {
  const where = audience.includeDrafts ? undefined : isPublished;
  const total = db.select({ total: count() }).from(releaseNotes).where(where).get()?.total ?? 0;
  const rows = db
    .select()
    .from(releaseNotes)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  return { items: rows.map(toSummary), total };
}

/** The newest published notes: the home page's blog section, the team's activity, the RSS feed. */
export function latestReleaseNotes(limit: number, db: AppDatabase = getDb()): ReleaseNote[] {
  return db
    .select()
    .from(releaseNotes)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit)
    .all();
}

export function latestReleaseNoteSummaries(limit: number, db: AppDatabase = getDb()): ReleaseNoteSummary[] {
  return latestReleaseNotes(limit, db).map(toSummary);
}

/** A note as stored (for the editor); a draft only for administrators. */
export function findReleaseNote(id: number, audience: Audience = visitors, db: AppDatabase = getDb()): ReleaseNote | undefined {
  const note = db.select().from(releaseNotes).where(eq(releaseNotes.id, id)).get();
  return note && (audience.includeDrafts || note.status === "published") ? note : undefined;
}

/** A note ready to read, its Markdown rendered to sanitised HTML. */
export function viewReleaseNote(id: number, audience: Audience = visitors, db: AppDatabase = getDb()): ReleaseNoteView | undefined {
  const note = findReleaseNote(id, audience, db);
  return note && { ...toSummary(note), contact: note.contact, html: renderMarkdown(note.body) };
}

/** A note keeps its first publication date while it stays published; going back to draft clears it. */
function publishedAtFor(status: ReleaseNote["status"], previous: Date | null, now: Date) {
  return status === "published" ? (previous ?? now) : null;
}

export function createReleaseNote(values: ReleaseNoteInput, now = new Date(), db: AppDatabase = getDb()): number {
  const { id } = db
    .insert(releaseNotes)
    .values({ ...values, publishedAt: publishedAtFor(values.status, null, now), createdAt: now, updatedAt: now })
    .returning({ id: releaseNotes.id })
    .get();
  invalidatePublicPages();
  return id;
}

/** False when the note no longer exists. */
export function updateReleaseNote(id: number, values: ReleaseNoteInput, now = new Date(), db: AppDatabase = getDb()): boolean {
  const existing = findReleaseNote(id, { includeDrafts: true }, db);
  if (!existing) return false;
  db.update(releaseNotes)
    .set({ ...values, publishedAt: publishedAtFor(values.status, existing.publishedAt, now), updatedAt: now })
    .where(eq(releaseNotes.id, id))
    .run();
  invalidatePublicPages();
  return true;
}

function setStatus(id: number, status: ReleaseNote["status"], now: Date, db: AppDatabase): boolean {
  const existing = findReleaseNote(id, { includeDrafts: true }, db);
  if (!existing) return false;
  db.update(releaseNotes)
    .set({ status, publishedAt: publishedAtFor(status, existing.publishedAt, now), updatedAt: now })
    .where(eq(releaseNotes.id, id))
    .run();
  invalidatePublicPages();
  return true;
}

export function publishReleaseNote(id: number, now = new Date(), db: AppDatabase = getDb()) {
  return setStatus(id, "published", now, db);
}

export function unpublishReleaseNote(id: number, now = new Date(), db: AppDatabase = getDb()) {
  return setStatus(id, "draft", now, db);
}

export function deleteReleaseNote(id: number, db: AppDatabase = getDb()): boolean {
  const deleted = db.delete(releaseNotes).where(eq(releaseNotes.id, id)).run().changes > 0;
  invalidatePublicPages();
  return deleted;
}
