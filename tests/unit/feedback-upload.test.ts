import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import type { AppDatabase } from "~/platform/database.server";

import { callRoute, signedInUser } from "../support/route-call";
import { sharedTestServices } from "../support/services";

// Before any account is made: the file's routes and accounts share these services' database.
beforeAll(async () => {
  await sharedTestServices();
});

const database = async () => (await sharedTestServices()).platform.db;

const origin = "http://localhost";
/** Real 1×1 pictures of each accepted kind. */
const picture = (base64: string) => Uint8Array.from(Buffer.from(base64, "base64"));
const png = picture("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
const jpeg = picture(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
);
const gif = picture("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
const webp = picture("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");

/** A PNG header claiming `width` × `height`: a few dozen bytes that would decode to gigabytes. */
function pngClaiming(width: number, height: number) {
  const header = Buffer.from(png);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Uint8Array.from(header);
}

async function modules() {
  const feedbackRoute = await import("~/routes/feedback");
  const imageRoute = await import("~/routes/feedback-image");
  const adminRoute = await import("~/routes/admin-feedback");
  const server = await import("~/content/feedback.server");
  const resources = await import("~/content/resources.server");
  return { feedbackRoute, imageRoute, adminRoute, server, resources };
}

const signedIn = (admin = false) => signedInUser({ admin });
const call = callRoute;

function feedbackForm(fields: Partial<Record<"title" | "description" | "type", string>>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "Chart is blank",
    description: "The chart does not load.",
    type: "bug",
    ...fields,
  })) {
    form.set(name, value);
  }
  for (const file of files) form.append("images", file);
  return form;
}

function post(cookie: string, form: FormData, headers: Record<string, string> = {}) {
  return new Request(`${origin}/feedback`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: origin, ...headers } });
}

async function storedFor(userId: number) {
  const db = await database();
  const { feedback, feedbackImages } = db.tables;
  const rows = await db.orm.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(feedback.id);
  const ids = rows.map((row) => row.id);
  const images = ids.length
    ? await db.orm.select().from(feedbackImages).where(inArray(feedbackImages.feedbackId, ids)).orderBy(feedbackImages.id)
    : [];
  return { rows, images };
}

/** `db` as it is, except that storing a screenshot fails (a full disk), inside transactions too. */
function refusingScreenshots(db: AppDatabase): AppDatabase {
  const orm = new Proxy(db.orm, {
    get(target, key) {
      if (key === "insert") {
        return (table: unknown) => {
          if (table === db.tables.feedbackImages) throw new Error("disk full");
          return target.insert(table as never);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...db, orm };
}

describe("image detection by content", () => {
  it("recognises PNG, JPEG, WebP and GIF by their magic bytes", async () => {
    const { server } = await modules();
    expect(server.detectImageType(png)).toBe("image/png");
    expect(server.detectImageType(jpeg)).toBe("image/jpeg");
    expect(server.detectImageType(webp)).toBe("image/webp");
    expect(server.detectImageType(gif)).toBe("image/gif");
  });

  it("refuses anything else, whatever it is called", async () => {
    const { server } = await modules();
    expect(server.detectImageType(new TextEncoder().encode("just some text, named shot.png"))).toBeNull();
    expect(server.detectImageType(new TextEncoder().encode("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(server.detectImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(server.detectImageType(png.slice(0, 4))).toBeNull();
    expect(server.detectImageType(new Uint8Array())).toBeNull();
  });

  it("checks size and content, ignoring the claimed type", async () => {
    const { server } = await modules();
    const ok = await server.checkImages([new File([png], "a.txt", { type: "text/plain" })]);
    expect(ok).toMatchObject({ ok: true, images: [{ mimeType: "image/png" }] });
    const fake = await server.checkImages([new File(["hello"], "shot.png", { type: "image/png" })]);
    expect(fake).toEqual({ ok: false, index: 0, error: "feedback:errors.invalidImage" });
    const big = new Uint8Array(1024 * 1024);
    big.set(png);
    expect(await server.checkImages([new File([big], "big.png", { type: "image/png" })])).toEqual({
      ok: false,
      index: 0,
      error: "feedback:errors.imageTooLarge",
    });
    const justUnder = new Uint8Array(1024 * 1024 - 1);
    justUnder.set(png);
    expect((await server.checkImages([new File([justUnder], "ok.png")])).ok).toBe(true);
  });
});

describe("the feedback action", () => {
  it("sends visitors to sign in", async () => {
    const { feedbackRoute } = await modules();
    const result = await call(feedbackRoute.action, post("", feedbackForm({})));
    expect(result.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe("/login?redirectTo=%2Ffeedback");
  });

  it("stores the report with its screenshots and flashes 'feedback sent'", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const result = await call(
      feedbackRoute.action,
      post(cookie, feedbackForm({ type: "suggestion" }, [new File([png], "shot.png", { type: "image/png" }), new File([gif], "x.bin")])),
    );
    expect(result.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe("/feedback");
    expect(decodeURIComponent(result.response?.headers.getSetCookie().join() ?? "")).toContain("feedback:toasts.sent");
    const { rows, images } = await storedFor(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: "Chart is blank", type: "suggestion" });
    expect(images.map((image) => image.mimeType)).toEqual(["image/png", "image/gif"]);
    expect(Buffer.from(images[0]!.data).equals(Buffer.from(png))).toBe(true);
  });

  it("requires title, description and a known type, with limits", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const result = await call(feedbackRoute.action, post(cookie, feedbackForm({ title: " ", description: "", type: "rant" })));
    expect(result.status).toBe(200);
    expect(result.body.error).toMatchObject({
      title: ["feedback:errors.titleRequired"],
      description: ["feedback:errors.descriptionRequired"],
      type: ["feedback:errors.typeRequired"],
    });
    const long = await call(feedbackRoute.action, post(cookie, feedbackForm({ title: "x".repeat(121), description: "y".repeat(5001) })));
    expect(long.body.error).toMatchObject({
      title: ["feedback:errors.titleTooLong"],
      description: ["feedback:errors.descriptionTooLong"],
    });
    expect((await storedFor(user.id)).rows).toEqual([]);
  });

  it("refuses a fake image and stores nothing at all", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const result = await call(
      feedbackRoute.action,
      post(cookie, feedbackForm({}, [new File([png], "ok.png"), new File(["not an image"], "fake.png", { type: "image/png" })])),
    );
    expect(result.status).toBe(200);
    expect(result.body.error.images).toEqual(["feedback:errors.invalidImage"]);
    expect(await storedFor(user.id)).toEqual({ rows: [], images: [] });
  });

  it("refuses an image of 1 MB or more and stores nothing", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(png);
    const result = await call(feedbackRoute.action, post(cookie, feedbackForm({}, [new File([big], "big.png", { type: "image/png" })])));
    expect(result.status).toBe(200);
    expect(JSON.stringify(result.body.error)).toContain("feedback:errors.imageTooLarge");
    expect(await storedFor(user.id)).toEqual({ rows: [], images: [] });
  });

  it("refuses pictures whose dimensions are absurd, however small the file", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    for (const [width, height] of [
      [100_000, 100_000],
      [20_000, 10],
      [8000, 8000],
    ] as const) {
      const bomb = new File([pngClaiming(width, height)], "bomb.png", { type: "image/png" });
      const result = await call(feedbackRoute.action, post(cookie, feedbackForm({}, [bomb])));
      expect(result.body.error.images).toEqual(["feedback:errors.imageDimensions"]);
    }
    expect((await storedFor(user.id)).rows).toEqual([]);
    const tall = await call(feedbackRoute.action, post(cookie, feedbackForm({}, [new File([pngClaiming(2880, 16_000)], "tall.png")])));
    expect(tall.status).toBe(302);
  });

  it("refuses more than three images", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const files = Array.from({ length: 4 }, (_, index) => new File([png], `${index}.png`));
    const result = await call(feedbackRoute.action, post(cookie, feedbackForm({}, files)));
    expect(result.body.error.images).toEqual(["feedback:errors.tooManyImages"]);
    expect((await storedFor(user.id)).rows).toEqual([]);
  });

  it("rolls the whole report back when a screenshot cannot be stored, and says so", async () => {
    const { feedbackRoute } = await modules();
    const { user, cookie } = await signedIn();
    const db = await database();
    const transaction = db.transaction.bind(db);
    const failing = vi.spyOn(db, "transaction").mockImplementation((work) => transaction((tx) => work(refusingScreenshots(tx))));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await call(feedbackRoute.action, post(cookie, feedbackForm({}, [new File([png], "a.png")])));
      expect(result.status).toBe(500);
      expect(result.body.error[""]).toEqual(["feedback:errors.sendFailed"]);
    } finally {
      quiet.mockRestore();
      failing.mockRestore();
    }
    expect(await storedFor(user.id)).toEqual({ rows: [], images: [] });
  });

  it("limits how often one user sends feedback", async () => {
    const { feedbackRoute } = await modules();
    const { cookie } = await signedIn();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await call(feedbackRoute.action, post(cookie, feedbackForm({ title: `t${attempt}` })))).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Someone else is not held back by it.
    const other = await signedIn();
    expect((await call(feedbackRoute.action, post(other.cookie, feedbackForm({})))).status).toBe(302);
  });
});

describe("the administrators' side", () => {
  it("lists feedback newest first with its images, for admins only", async () => {
    const { feedbackRoute, adminRoute, imageRoute } = await modules();
    const { user, cookie } = await signedIn();
    await call(feedbackRoute.action, post(cookie, feedbackForm({ title: "Older" })));
    await call(
      feedbackRoute.action,
      post(cookie, feedbackForm({ title: "Newer", type: "idea" }, [new File([jpeg], "photo.gif", { type: "image/gif" })])),
    );
    const admin = await signedIn(true);

    const denied = await call(adminRoute.loader, new Request(`${origin}/admin/feedback`, { headers: { Cookie: cookie } }));
    expect(denied.status).toBe(404);

    const list = await call(adminRoute.loader, new Request(`${origin}/admin/feedback`, { headers: { Cookie: admin.cookie } }));
    const mine = list.body.items.filter((item: { email: string }) => item.email === user.email);
    expect(mine.map((item: { title: string }) => item.title)).toEqual(["Newer", "Older"]);
    const imageId = String(mine[0].images[0].id);
    expect(mine[0].images[0].mimeType).toBe("image/jpeg");

    const imageRequest = (who: string) => new Request(`${origin}/admin/feedback/images/${imageId}`, { headers: { Cookie: who } });
    expect((await call(imageRoute.loader, imageRequest(cookie), { id: imageId })).status).toBe(404);
    const served = await call(imageRoute.loader, imageRequest(admin.cookie), { id: imageId });
    expect(served.status).toBe(200);
    expect(served.response?.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.response?.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.response?.headers.get("Content-Disposition")).toBe("inline");
    expect(Buffer.from(await served.response!.arrayBuffer()).equals(Buffer.from(jpeg))).toBe(true);
    expect((await call(imageRoute.loader, imageRequest(admin.cookie), { id: "999999" })).status).toBe(404);
  });
});

describe("resource counts", () => {
  it("counts favourites by type and record tables for one user only", async () => {
    const { resources } = await modules();
    const { user } = await signedIn();
    const other = await signedIn();
    const db = await database();
    const { favorites, recordTables } = db.tables;
    const now = new Date();
    await db.orm.insert(favorites).values([
      { userId: user.id, assetType: "crypto", assetId: "bitcoin", addedAt: now },
      { userId: user.id, assetType: "crypto", assetId: "ethereum", addedAt: now },
      { userId: user.id, assetType: "stock", assetId: "PETR4", addedAt: now },
      { userId: other.user.id, assetType: "stock", assetId: "VALE3", addedAt: now },
    ]);
    await db.orm.insert(recordTables).values({ userId: user.id, title: "Mine", createdAt: now });
    expect(await resources.resourceCounts(db, user.id)).toEqual({
      favoriteItems: 3,
      favoriteCryptos: 2,
      favoriteStocks: 1,
      registerTables: 1,
    });
    expect(await resources.resourceCounts(db, other.user.id)).toEqual({
      favoriteItems: 1,
      favoriteCryptos: 0,
      favoriteStocks: 1,
      registerTables: 0,
    });
  });
});
