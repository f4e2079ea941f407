import { count, eq, inArray } from "drizzle-orm";
import { imageSize } from "image-size";
import type { RouterContextProvider } from "react-router";

import { getInstance } from "~/i18n/middleware.server";
import { HOUR_MS } from "~/lib/time";
import { platformOf } from "~/platform/context.server";
import { type AppDatabase, newestFirst, newestPageIds } from "~/platform/database.server";
import type { RateLimit } from "~/platform/rate-limit.server";

import { type FeedbackInput, feedbackLimits } from "./feedback-schema";

/** A person sends a few reports an hour at most; a script is cut short. */
const feedbackPerUser: RateLimit = { name: "feedback:user", limit: 10, windowMs: HOUR_MS };

/**
 * Counted per user only (people behind one office address each get their own allowance); the
 * refusal is translated because it carries the wait time.
 */
export async function feedbackRateLimitRefusal(context: Readonly<RouterContextProvider>, userId: number) {
  const verdict = await platformOf(context).rateLimiter.hit([[feedbackPerUser, String(userId)]]);
  if (verdict.allowed) return null;
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  return {
    message: getInstance(context).t("errors.tooManyAttempts", { ns: "account", minutes }),
    retryAfterSeconds: verdict.retryAfterSeconds,
  };
}

export const feedbackPerPage = 10;

export type ImageMimeType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * What an upload really is, read from its first bytes (the file name and the browser's claimed
 * type are ignored): PNG, JPEG, WebP or GIF, else null.
 */
export function detectImageType(bytes: Uint8Array): ImageMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export type CheckedImage = { mimeType: ImageMimeType; data: Buffer };

/**
 * A small file can describe a huge picture (a "decompression bomb") that takes gigabytes to
 * show: width, height and pixel count are read from the header and must fit a screenshot.
 */
function hasSensibleDimensions(data: Buffer): boolean {
  try {
    const { width, height, images } = imageSize(data);
    return [{ width, height }, ...(images ?? [])].every(
      (size) =>
        size.width > 0 &&
        size.height > 0 &&
        size.width <= feedbackLimits.maxImageSide &&
        size.height <= feedbackLimits.maxImageSide &&
        size.width * size.height <= feedbackLimits.maxImagePixels,
    );
  } catch {
    return false;
  }
}

/** Reads and checks every upload; the first bad one names its field error (a translation key). */
export async function checkImages(
  files: readonly File[],
): Promise<{ ok: true; images: CheckedImage[] } | { ok: false; index: number; error: string }> {
  const images: CheckedImage[] = [];
  for (const [index, file] of files.entries()) {
    if (file.size >= feedbackLimits.maxImageBytes) return { ok: false, index, error: "feedback:errors.imageTooLarge" };
    const data = Buffer.from(await file.arrayBuffer());
    if (data.byteLength >= feedbackLimits.maxImageBytes) return { ok: false, index, error: "feedback:errors.imageTooLarge" };
    const mimeType = detectImageType(data);
    if (!mimeType) return { ok: false, index, error: "feedback:errors.invalidImage" };
    if (!hasSensibleDimensions(data)) return { ok: false, index, error: "feedback:errors.imageDimensions" };
    images.push({ mimeType, data });
  }
  return { ok: true, images };
}

/** The report and its screenshots are stored together or not at all. */
export async function storeFeedback(
  db: AppDatabase,
  userId: number,
  values: Omit<FeedbackInput, "images">,
  images: readonly CheckedImage[],
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { feedback, feedbackImages } = tx.tables;
    const [row] = await tx.orm
      .insert(feedback)
      .values({ userId, title: values.title, description: values.description, type: values.type, createdAt: now })
      .returning({ id: feedback.id });
    for (const image of images) {
      await tx.orm.insert(feedbackImages).values({ feedbackId: row!.id, mimeType: image.mimeType, data: image.data });
    }
    return row!.id;
  });
}

/** The administrators' list: newest first, with who sent each report and its screenshots' ids. */
export async function listFeedback(db: AppDatabase, page: number, perPage = feedbackPerPage) {
  const { feedback, feedbackImages, users } = db.tables;
  const [[counted], rows] = await Promise.all([
    db.orm.select({ total: count() }).from(feedback),
    db.orm
      .select({
        id: feedback.id,
        title: feedback.title,
        description: feedback.description,
        type: feedback.type,
        createdAt: feedback.createdAt,
        nickname: users.nickname,
        email: users.email,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(inArray(feedback.id, newestPageIds(db, feedback, page, perPage))),
  ]);
  newestFirst(rows);
  const ids = rows.map((row) => row.id);
  const images = ids.length
    ? await db.orm
        .select({ id: feedbackImages.id, feedbackId: feedbackImages.feedbackId, mimeType: feedbackImages.mimeType })
        .from(feedbackImages)
        .where(inArray(feedbackImages.feedbackId, ids))
        .orderBy(feedbackImages.id)
    : [];
  const items = rows.map((row) => ({
    ...row,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    images: images.filter((image) => image.feedbackId === row.id).map(({ id, mimeType }) => ({ id, mimeType })),
  }));
  return { items, total: counted?.total ?? 0 };
}

export async function findFeedbackImage(db: AppDatabase, id: number) {
  const { feedbackImages } = db.tables;
  const [image] = await db.orm
    .select({ mimeType: feedbackImages.mimeType, data: feedbackImages.data })
    .from(feedbackImages)
    .where(eq(feedbackImages.id, id))
    .limit(1);
  return image;
}
