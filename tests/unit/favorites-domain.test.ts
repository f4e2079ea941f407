import { describe, expect, it } from "vitest";

import { addFavorite, listFavorites, removeFavorite, tablesLinkedTo } from "~/favorites/favorites.server";
import { starStates } from "~/favorites/stars.server";
import {
  addItemToTable,
  createTable,
  deleteTable,
  findTable,
  listTables,
  removeItemFromTable,
  updateTable,
} from "~/favorites/tables.server";

import { sharedTestServices } from "../support/services";

const now = new Date("2026-01-05T15:00:00Z");

async function setup() {
  const { db } = (await sharedTestServices()).platform;
  const suffix = Math.random().toString(36).slice(2, 8);
  const [user] = await db.orm
    .insert(db.tables.users)
    .values({ email: `f-${suffix}@example.com`, name: "Favoritos", nickname: `f_${suffix}` })
    .returning({ id: db.tables.users.id });
  return { db, userId: user!.id };
}

describe("favourites", () => {
  it("adds once, stores type, id and added date, and lists stars in one map", async () => {
    const { db, userId } = await setup();
    const first = await addFavorite(db, userId, "crypto", "bitcoin", new Date("2026-01-02T00:00:00Z"));
    const again = await addFavorite(db, userId, "crypto", "bitcoin", now);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    await addFavorite(db, userId, "stock", "PETR4", now);
    const rows = await listFavorites(db, userId);
    expect(rows.map((row) => [row.assetType, row.assetId])).toEqual([
      ["crypto", "bitcoin"],
      ["stock", "PETR4"],
    ]);
    expect(rows[0]?.addedAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(await listFavorites(db, userId, "stock")).toHaveLength(1);
    expect(await starStates(db, userId)).toEqual({ "crypto:bitcoin": [], "stock:PETR4": [] });
  });

  it("removing a favourite deletes every table that holds it, and only those", async () => {
    const { db, userId } = await setup();
    const btc = (await addFavorite(db, userId, "crypto", "bitcoin", now)).favorite;
    const eth = (await addFavorite(db, userId, "crypto", "ethereum", now)).favorite;
    const a = await createTable(db, userId, { title: "A", description: "" }, now);
    const b = await createTable(db, userId, { title: "B", description: "" }, now);
    const c = await createTable(db, userId, { title: "C", description: "" }, now);
    expect(await addItemToTable(db, userId, a.id, btc.id, now)).toEqual({ ok: true });
    expect(await addItemToTable(db, userId, b.id, btc.id, now)).toEqual({ ok: true });
    expect(await addItemToTable(db, userId, c.id, eth.id, now)).toEqual({ ok: true });
    expect((await tablesLinkedTo(db, userId, btc.id)).map((table) => table.title)).toEqual(["A", "B"]);
    expect((await starStates(db, userId))["crypto:bitcoin"]?.sort()).toEqual(["A", "B"]);
    const removed = await removeFavorite(db, userId, "crypto", "bitcoin");
    expect(removed?.deletedTables.map((table) => table.title)).toEqual(["A", "B"]);
    expect((await listTables(db, userId)).map((table) => [table.title, table.itemCount])).toEqual([["C", 1]]);
    expect(await removeFavorite(db, userId, "crypto", "bitcoin")).toBeNull();
  });

  it("refuses to add an item when there is no table, or when it is already in every table", async () => {
    const { db, userId } = await setup();
    const btc = (await addFavorite(db, userId, "crypto", "bitcoin", now)).favorite;
    expect(await addItemToTable(db, userId, null, btc.id, now)).toEqual({ ok: false, reason: "noTables" });
    const a = await createTable(db, userId, { title: "A", description: "" }, now);
    const b = await createTable(db, userId, { title: "B", description: "" }, now);
    expect(await addItemToTable(db, userId, a.id, btc.id, now)).toEqual({ ok: true });
    expect(await addItemToTable(db, userId, a.id, btc.id, now)).toEqual({ ok: false, reason: "alreadyInTable" });
    expect(await addItemToTable(db, userId, b.id, btc.id, now)).toEqual({ ok: true });
    expect(await addItemToTable(db, userId, a.id, btc.id, now)).toEqual({ ok: false, reason: "inEveryTable" });
    expect(await addItemToTable(db, userId, b.id, btc.id, now)).toEqual({ ok: false, reason: "inEveryTable" });
  });

  it("never lets one user read, change, delete or fill another user's table", async () => {
    const owner = await setup();
    const other = await setup();
    const table = await createTable(owner.db, owner.userId, { title: "Mine", description: "x" }, now);
    const theirs = (await addFavorite(other.db, other.userId, "stock", "VALE3", now)).favorite;
    await createTable(other.db, other.userId, { title: "Theirs", description: "" }, now);
    expect(await findTable(other.db, other.userId, table.id)).toBeNull();
    expect(await updateTable(other.db, other.userId, table.id, { title: "Hacked", description: "" })).toBeNull();
    expect(await deleteTable(other.db, other.userId, table.id)).toBeNull();
    expect(await removeItemFromTable(other.db, other.userId, table.id, theirs.id)).toBe(false);
    expect(await addItemToTable(other.db, other.userId, table.id, theirs.id, now)).toEqual({ ok: false, reason: "notFound" });
    expect((await findTable(owner.db, owner.userId, table.id))?.title).toBe("Mine");
  });

  it("validates table titles and descriptions with translated message keys", async () => {
    const { recordTableSchema } = await import("~/favorites/schemas");
    expect(recordTableSchema.safeParse({ title: "  " }).error?.issues[0]?.message).toBe("favorites:errors.titleRequired");
    expect(recordTableSchema.safeParse({ title: "x".repeat(81) }).error?.issues[0]?.message).toBe("favorites:errors.titleTooLong");
    expect(recordTableSchema.parse({ title: " Watch " })).toEqual({ title: "Watch", description: "" });
  });
});

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks", async () => {
    const { toCsv, csvField } = await import("~/favorites/csv");
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField(null)).toBe("");
    expect(csvField(1.5)).toBe("1.5");
    expect(
      toCsv([
        ["type", "name"],
        ["stock", "Itaú, S.A."],
      ]),
    ).toBe('type,name\r\nstock,"Itaú, S.A."\r\n');
  });
});

describe("favourite list", () => {
  it("sorts by price with missing prices last and pages by 12", async () => {
    const { sortAndPage } = await import("~/favorites/list");
    const item = (id: number, price: number | null) => ({
      id,
      type: "crypto" as const,
      stockType: null,
      assetId: `c${id}`,
      liveKey: `crypto:c${id}:usd` as const,
      addedAt: new Date(2026, 0, id).toISOString(),
      name: `C${id}`,
      symbol: "C",
      image: null,
      price,
      currency: "USD",
      change24h: null,
    });
    const items = Array.from({ length: 14 }, (_, index) => item(index + 1, index === 0 ? null : index));
    const first = sortAndPage(items, { sort: "price", order: "desc", page: 1 });
    expect(first.items).toHaveLength(12);
    expect(first.items[0]?.price).toBe(13);
    const second = sortAndPage(items, { sort: "price", order: "desc", page: 9 });
    expect(second.page).toBe(2);
    expect(second.items.at(-1)?.price).toBeNull();
    expect(sortAndPage(items, { sort: "added", order: "asc", page: 1 }).items[0]?.id).toBe(1);
  });
});
