import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ma-favorites-"));
});

async function setup() {
  const { getDb } = await import("~/platform/db.server");
  const { createUser } = await import("~/account/users.server");
  const suffix = Math.random().toString(36).slice(2, 8);
  const user = createUser(getDb(), { email: `f-${suffix}@example.com`, name: "Favoritos", nickname: `f_${suffix}` });
  return { db: getDb(), userId: user.id };
}

describe("favourites", () => {
  it("adds once, stores type, id and added date, and lists stars in one map", async () => {
    const { db, userId } = await setup();
    const { addFavorite, listFavorites } = await import("~/favorites/favorites.server");
    const { starStates } = await import("~/favorites/stars.server");
    const first = addFavorite(db, userId, "crypto", "bitcoin", new Date("2026-01-02T00:00:00Z"));
    const again = addFavorite(db, userId, "crypto", "bitcoin");
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    addFavorite(db, userId, "stock", "PETR4");
    const rows = listFavorites(db, userId);
    expect(rows.map((row) => [row.assetType, row.assetId])).toEqual([
      ["crypto", "bitcoin"],
      ["stock", "PETR4"],
    ]);
    expect(rows[0]?.addedAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(listFavorites(db, userId, "stock")).toHaveLength(1);
    expect(starStates(db, userId)).toEqual({ "crypto:bitcoin": [], "stock:PETR4": [] });
  });

  it("removing a favourite deletes every table that holds it, and only those", async () => {
    const { db, userId } = await setup();
    const { addFavorite, removeFavorite, tablesLinkedTo } = await import("~/favorites/favorites.server");
    const { addItemToTable, createTable, listTables } = await import("~/favorites/tables.server");
    const { starStates } = await import("~/favorites/stars.server");
    const btc = addFavorite(db, userId, "crypto", "bitcoin").favorite;
    const eth = addFavorite(db, userId, "crypto", "ethereum").favorite;
    const a = createTable(db, userId, { title: "A", description: "" });
    const b = createTable(db, userId, { title: "B", description: "" });
    const c = createTable(db, userId, { title: "C", description: "" });
    expect(addItemToTable(db, userId, a.id, btc.id)).toEqual({ ok: true });
    expect(addItemToTable(db, userId, b.id, btc.id)).toEqual({ ok: true });
    expect(addItemToTable(db, userId, c.id, eth.id)).toEqual({ ok: true });
    expect(tablesLinkedTo(db, userId, btc.id).map((table) => table.title)).toEqual(["A", "B"]);
    expect(starStates(db, userId)["crypto:bitcoin"]?.sort()).toEqual(["A", "B"]);
    const removed = removeFavorite(db, userId, "crypto", "bitcoin");
    expect(removed?.deletedTables.map((table) => table.title)).toEqual(["A", "B"]);
    expect(listTables(db, userId).map((table) => [table.title, table.itemCount])).toEqual([["C", 1]]);
    expect(removeFavorite(db, userId, "crypto", "bitcoin")).toBeNull();
  });

  it("refuses to add an item when there is no table, or when it is already in every table", async () => {
    const { db, userId } = await setup();
    const { addFavorite } = await import("~/favorites/favorites.server");
    const { addItemToTable, createTable } = await import("~/favorites/tables.server");
    const btc = addFavorite(db, userId, "crypto", "bitcoin").favorite;
    expect(addItemToTable(db, userId, null, btc.id)).toEqual({ ok: false, reason: "noTables" });
    const a = createTable(db, userId, { title: "A", description: "" });
    const b = createTable(db, userId, { title: "B", description: "" });
    expect(addItemToTable(db, userId, a.id, btc.id)).toEqual({ ok: true });
    expect(addItemToTable(db, userId, a.id, btc.id)).toEqual({ ok: false, reason: "alreadyInTable" });
    expect(addItemToTable(db, userId, b.id, btc.id)).toEqual({ ok: true });
    expect(addItemToTable(db, userId, a.id, btc.id)).toEqual({ ok: false, reason: "inEveryTable" });
    expect(addItemToTable(db, userId, b.id, btc.id)).toEqual({ ok: false, reason: "inEveryTable" });
  });

  it("never lets one user read, change, delete or fill another user's table", async () => {
    const owner = await setup();
    const other = await setup();
    const { addFavorite } = await import("~/favorites/favorites.server");
    const { addItemToTable, createTable, deleteTable, findTable, updateTable, removeItemFromTable } =
      await import("~/favorites/tables.server");
    const table = createTable(owner.db, owner.userId, { title: "Mine", description: "x" });
    const theirs = addFavorite(other.db, other.userId, "stock", "VALE3").favorite;
    createTable(other.db, other.userId, { title: "Theirs", description: "" });
    expect(findTable(other.db, other.userId, table.id)).toBeNull();
    expect(updateTable(other.db, other.userId, table.id, { title: "Hacked", description: "" })).toBeNull();
    expect(deleteTable(other.db, other.userId, table.id)).toBeNull();
    expect(removeItemFromTable(other.db, other.userId, table.id, theirs.id)).toBe(false);
    expect(addItemToTable(other.db, other.userId, table.id, theirs.id)).toEqual({ ok: false, reason: "notFound" });
    expect(findTable(owner.db, owner.userId, table.id)?.title).toBe("Mine");
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
