import { JSDOM } from "jsdom";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { pagesChangedChannel } from "~/platform/context.server";
import type { Services } from "~/services.server";

import { callRoute, signedInUser } from "../support/route-call";
import { createTestServices, sharedTestServices } from "../support/services";

// First: the routes and the accounts of this file share these services' database.
beforeAll(async () => {
  await sharedTestServices();
});

/** The file's own services, whose database the routes read. */
const shared = async () => (await sharedTestServices()).platform;

const origin = "http://localhost";

async function modules() {
  return {
    notes: await import("~/content/release-notes.server"),
    schema: await import("~/content/release-note-schema"),
    rss: await import("~/content/release-notes-rss.server"),
    listRoute: await import("~/routes/release-notes"),
    noteRoute: await import("~/routes/release-note"),
    feedRoute: await import("~/routes/release-notes-rss"),
    adminRoute: await import("~/routes/admin-release-notes"),
    editorRoute: await import("~/routes/admin-release-note"),
    teamRoute: await import("~/routes/team"),
    homeRoute: await import("~/routes/home"),
  };
}

const note = (title: string, status: "draft" | "published" = "published") => ({
  title,
  author: "Equipe Market Analytics",
  contact: "contato@marketanalytics.example",
  body: `Texto de **${title}** com detalhes suficientes.`,
  status,
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

/** Services with a database of their own, emptied of the seeded notes, so counts and order are exact. */
async function emptyStore() {
  const services = await createTestServices();
  opened.push(services);
  const { db } = services.platform;
  await db.orm.delete(db.tables.releaseNotes);
  return services.platform;
}

function parseXml(xml: string) {
  const document = new new JSDOM("").window.DOMParser().parseFromString(xml, "application/xml");
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return document;
}

describe("seed content", () => {
  it("gives a fresh database this product's own releases, published in order and rendered safely", async () => {
    const { notes } = await modules();
    const { db } = await shared();
    const { items, total } = await notes.listReleaseNotes(db, 1, { includeDrafts: false }, 10);
    const seeded = items.filter((item) => item.author === "Equipe Market Analytics" && item.title.startsWith("Market Analytics 0."));
    expect(total).toBeGreaterThanOrEqual(4);
    expect(seeded.map((item) => item.title.slice(0, 20))).toEqual([
      "Market Analytics 0.4",
      "Market Analytics 0.3",
      "Market Analytics 0.2",
      "Market Analytics 0.1",
    ]);
    for (const item of seeded) {
      expect(item.publishedAt?.startsWith("2026-")).toBe(true);
      expect(item.excerpt.length).toBeGreaterThan(40);
      const view = await notes.viewReleaseNote(db, item.id);
      expect(view?.html).toContain("<h2>");
      expect(view?.html).toContain("<li>");
      expect(view?.contact).toBe("contato@marketanalytics.example");
    }
  });
});

describe("release notes domain", () => {
  let store: Awaited<ReturnType<typeof emptyStore>>;
  beforeEach(async () => {
    store = await emptyStore();
  });

  it("lists published notes newest first, paged, and hides drafts from visitors", async () => {
    const { notes } = await modules();
    for (let n = 1; n <= 12; n++) await notes.createReleaseNote(store, note(`Nota ${n}`), day(n));
    const draft = await notes.createReleaseNote(store, note("Rascunho secreto", "draft"), day(20));

    const first = await notes.listReleaseNotes(store.db, 1, { includeDrafts: false }, 10);
    expect(first.total).toBe(12);
    expect(first.items.map((item) => item.title)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Nota ${n}`));
    const second = await notes.listReleaseNotes(store.db, 2, { includeDrafts: false }, 10);
    expect(second.items.map((item) => item.title)).toEqual(["Nota 2", "Nota 1"]);

    expect(await notes.findReleaseNote(store.db, draft, { includeDrafts: false })).toBeUndefined();
    expect(await notes.viewReleaseNote(store.db, draft, { includeDrafts: false })).toBeUndefined();
    expect((await notes.latestReleaseNotes(store.db, 5)).map((row) => row.title)).not.toContain("Rascunho secreto");

    // Administrators see drafts too, ahead of the published notes.
    const admin = await notes.listReleaseNotes(store.db, 1, { includeDrafts: true }, 10);
    expect(admin.total).toBe(13);
    expect(admin.items[0]).toMatchObject({ title: "Rascunho secreto", status: "draft", publishedAt: null });
    expect((await notes.viewReleaseNote(store.db, draft, { includeDrafts: true }))?.html).toContain("<strong>Rascunho secreto</strong>");
  });

  it("publishing sets the date once; unpublishing clears it; editing keeps it", async () => {
    const { notes } = await modules();
    const id = await notes.createReleaseNote(store, note("Versão nova", "draft"), day(1));
    expect((await notes.findReleaseNote(store.db, id, { includeDrafts: true }))?.publishedAt).toBeNull();

    expect(await notes.publishReleaseNote(store, id, day(2))).toBe(true);
    expect((await notes.findReleaseNote(store.db, id, { includeDrafts: false }))?.publishedAt).toEqual(day(2));
    await notes.publishReleaseNote(store, id, day(3));
    expect((await notes.findReleaseNote(store.db, id, { includeDrafts: false }))?.publishedAt).toEqual(day(2));

    await notes.updateReleaseNote(store, id, { ...note("Versão nova, revista"), status: "published" }, day(4));
    const edited = await notes.findReleaseNote(store.db, id, { includeDrafts: false });
    expect(edited).toMatchObject({ title: "Versão nova, revista", publishedAt: day(2), updatedAt: day(4) });

    expect(await notes.unpublishReleaseNote(store, id, day(5))).toBe(true);
    expect(await notes.findReleaseNote(store.db, id, { includeDrafts: true })).toMatchObject({ status: "draft", publishedAt: null });
    expect((await notes.listReleaseNotes(store.db, 1, { includeDrafts: false }, 10)).total).toBe(0);

    await notes.publishReleaseNote(store, id, day(6));
    expect((await notes.findReleaseNote(store.db, id, { includeDrafts: false }))?.publishedAt).toEqual(day(6));

    expect(await notes.deleteReleaseNote(store, id)).toBe(true);
    expect(await notes.deleteReleaseNote(store, id)).toBe(false);
    expect(await notes.publishReleaseNote(store, id, day(7))).toBe(false);
    expect(await notes.updateReleaseNote(store, id, note("x y z"), day(7))).toBe(false);
  });

  it("tells every instance which public pages show a note each time it changes", async () => {
    const { notes } = await modules();
    const heard: unknown[] = [];
    store.events.subscribe(pagesChangedChannel, (message) => heard.push(JSON.parse(message)));
    const id = await notes.createReleaseNote(store, note("Aviso", "draft"), day(1));
    const pages = { paths: ["/release-notes", `/release-notes/${id}`, "/", "/team"] };
    expect(heard).toEqual([pages]);
    await notes.publishReleaseNote(store, id, day(2));
    await notes.updateReleaseNote(store, id, note("Aviso revisto"), day(3));
    await notes.unpublishReleaseNote(store, id, day(4));
    await notes.deleteReleaseNote(store, id);
    expect(heard).toEqual([pages, pages, pages, pages, pages]);
    // A note that is gone changes no page.
    await notes.deleteReleaseNote(store, id);
    await notes.publishReleaseNote(store, id, day(5));
    expect(heard).toHaveLength(5);
  });

  it("creating a note as published dates it at once", async () => {
    const { notes } = await modules();
    const id = await notes.createReleaseNote(store, note("Direto ao ar"), day(9));
    expect((await notes.findReleaseNote(store.db, id, { includeDrafts: false }))?.publishedAt).toEqual(day(9));
  });
});

describe("editor schema", () => {
  it("accepts a complete note with an email or an https contact", async () => {
    const { schema } = await modules();
    expect(schema.releaseNoteSchema.safeParse(note("Título")).success).toBe(true);
    expect(schema.releaseNoteSchema.safeParse({ ...note("Título"), contact: "https://marketanalytics.example/contato" }).success).toBe(
      true,
    );
  });

  it("names each broken field with a translation key", async () => {
    const { schema } = await modules();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: "ab" }, "title", "releases:errors.titleLength"],
      [{ title: "x".repeat(121) }, "title", "releases:errors.titleLength"],
      [{ author: "A" }, "author", "releases:errors.authorLength"],
      [{ author: "x".repeat(81) }, "author", "releases:errors.authorLength"],
      [{ contact: "não é contato" }, "contact", "releases:errors.contactInvalid"],
      [{ contact: "http://example.com" }, "contact", "releases:errors.contactInvalid"],
      [{ contact: "javascript:alert(1)" }, "contact", "releases:errors.contactInvalid"],
      [{ body: "curto" }, "body", "releases:errors.bodyLength"],
      [{ body: "x".repeat(20_001) }, "body", "releases:errors.bodyLength"],
      [{ status: "archived" }, "status", "releases:errors.statusRequired"],
    ];
    for (const [change, field, message] of cases) {
      const result = schema.releaseNoteSchema.safeParse({ ...note("Título válido"), ...change });
      expect(result.success, JSON.stringify(change)).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
    }
  });
});

describe("RSS feed", () => {
  it("is well-formed RSS 2.0 with escaped titles and the notes' sanitised HTML", async () => {
    const { notes, rss } = await modules();
    const store = await emptyStore();
    await notes.createReleaseNote(store, { ...note("Antiga"), body: "Primeira **nota**." }, day(1));
    await notes.createReleaseNote(
      store,
      { ...note("Ações & <Cripto> ]]> novas"), body: "- item\n\n<script>alert(1)</script>\n\nfim ]]> fim" },
      day(2),
    );
    await notes.createReleaseNote(store, note("Rascunho", "draft"), day(3));

    const xml = rss.releaseNotesFeed(
      { publicUrl: "https://markets.example/", title: "Notas & novidades", description: "Tudo", language: "pt-BR" },
      await notes.latestReleaseNotes(store.db, rss.feedSize),
    );
    const document = parseXml(xml);
    expect(document.documentElement.tagName).toBe("rss");
    expect(document.documentElement.getAttribute("version")).toBe("2.0");
    const channel = document.querySelector("channel")!;
    expect(channel.querySelector(":scope > title")?.textContent).toBe("Notas & novidades");
    expect(channel.querySelector(":scope > link")?.textContent).toBe("https://markets.example/release-notes");
    expect(channel.querySelector(":scope > language")?.textContent).toBe("pt-BR");

    const items = [...document.querySelectorAll("item")];
    expect(items.map((item) => item.querySelector("title")?.textContent)).toEqual(["Ações & <Cripto> ]]> novas", "Antiga"]);
    const [newest] = items;
    const id = (await notes.latestReleaseNotes(store.db, 1))[0]!.id;
    expect(newest!.querySelector("link")?.textContent).toBe(`https://markets.example/release-notes/${id}`);
    expect(newest!.querySelector("guid")?.textContent).toBe(`https://markets.example/release-notes/${id}`);
    expect(newest!.querySelector("pubDate")?.textContent).toBe("Fri, 02 Jan 2026 12:00:00 GMT");
    const description = newest!.querySelector("description")?.textContent ?? "";
    expect(description).toContain("<li>item</li>");
    expect(description).toContain("fim ]]&gt; fim");
    expect(description).not.toContain("<script");
  });

  it("is served as RSS with this instance's address and every published note", async () => {
    const { feedRoute, notes } = await modules();
    const title = `Feed ${Math.random().toString(36).slice(2)}`;
    const id = await notes.createReleaseNote(await shared(), note(title), new Date());
    const { response } = await callRoute(feedRoute.loader, new Request(`${origin}/release-notes/rss.xml`));
    expect(response?.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const document = parseXml(await response!.text());
    expect(document.querySelector("channel > title")?.textContent).toBe("Notas de Versão do Market Analytics");
    const item = [...document.querySelectorAll("item")].find((element) => element.querySelector("title")?.textContent === title);
    expect(item?.querySelector("link")?.textContent).toMatch(new RegExp(`^http://localhost:\\d+/release-notes/${id}$`));
  });
});

describe("routes", () => {
  it("a draft is a 404 for visitors and signed-in users, readable by administrators", async () => {
    const { noteRoute, notes } = await modules();
    const id = await notes.createReleaseNote(await shared(), note("Rascunho de rota", "draft"), new Date());
    const request = (cookie?: string) => new Request(`${origin}/release-notes/${id}`, { headers: cookie ? { Cookie: cookie } : {} });
    expect((await callRoute(noteRoute.loader, request(), { id: String(id) })).status).toBe(404);
    const { cookie: userCookie } = await signedInUser();
    expect((await callRoute(noteRoute.loader, request(userCookie), { id: String(id) })).status).toBe(404);
    const { cookie: adminCookie } = await signedInUser({ admin: true });
    const admin = await callRoute(noteRoute.loader, request(adminCookie), { id: String(id) });
    expect(admin.status).toBe(200);
    expect(admin.body.note).toMatchObject({ title: "Rascunho de rota", status: "draft" });
    expect(admin.body.meta.noindex).toBe(true);
    expect((await callRoute(noteRoute.loader, request(), { id: "nope" })).status).toBe(404);
  });

  it("the administration is a 404 for signed-in users and sends visitors to sign in", async () => {
    const { adminRoute, editorRoute } = await modules();
    const { cookie } = await signedInUser();
    for (const [handler, url, params] of [
      [adminRoute.loader, "/admin/release-notes", {}],
      [editorRoute.loader, "/admin/release-notes/new", { id: "new" }],
    ] as const) {
      expect((await callRoute(handler, new Request(`${origin}${url}`, { headers: { Cookie: cookie } }), params)).status).toBe(404);
      const visitor = await callRoute(handler, new Request(`${origin}${url}`), params);
      expect(visitor.status).toBe(302);
      expect(visitor.response?.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    const post = new Request(`${origin}/admin/release-notes`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body: new URLSearchParams({ intent: "delete", id: "1" }),
    });
    expect((await callRoute(adminRoute.action, post)).status).toBe(404);
  });

  it("an administrator writes a draft, publishes it and it reaches the list, home and team pages", async () => {
    const routes = await modules();
    const { cookie } = await signedInUser({ admin: true });
    const title = `Nota ${Math.random().toString(36).slice(2)}`;
    const form = (values: Record<string, string>) =>
      new Request(`${origin}/admin/release-notes/new`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin },
        body: new URLSearchParams(values),
      });

    const invalid = await callRoute(routes.editorRoute.action, form({ ...note(title, "draft"), contact: "ninguém" }), { id: "new" });
    expect(invalid.body.error).toEqual({ contact: ["releases:errors.contactInvalid"] });

    const created = await callRoute(routes.editorRoute.action, form(note(title, "draft")), { id: "new" });
    expect(created.response?.headers.get("Location")).toBe("/admin/release-notes");
    expect(created.response?.headers.get("Set-Cookie")).toContain("releases%3Atoasts.created");
    const id = (await routes.notes.listReleaseNotes((await shared()).db, 1, { includeDrafts: true })).items.find(
      (item) => item.title === title,
    )!.id;

    const visitorList = await callRoute(routes.listRoute.loader, new Request(`${origin}/release-notes`));
    expect(visitorList.body.items.map((item: { title: string }) => item.title)).not.toContain(title);
    expect(visitorList.body.isAdmin).toBe(false);

    const publish = new Request(`${origin}/admin/release-notes`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body: new URLSearchParams({ intent: "publish", id: String(id) }),
    });
    expect((await callRoute(routes.adminRoute.action, publish)).response?.headers.get("Location")).toBe("/admin/release-notes");

    const list = await callRoute(routes.listRoute.loader, new Request(`${origin}/release-notes`));
    expect(list.body.items[0]).toMatchObject({ id, title, status: "published" });
    const home = await callRoute(routes.homeRoute.loader, new Request(`${origin}/`));
    expect(home.body.blog).toHaveLength(3);
    expect(home.body.blog[0]).toMatchObject({ id, title });
    const team = await callRoute(routes.teamRoute.loader, new Request(`${origin}/team`));
    expect(team.body.activity).toHaveLength(5);
    expect(team.body.activity[0]).toMatchObject({ id, title });

    const edit = await callRoute(
      routes.editorRoute.loader,
      new Request(`${origin}/admin/release-notes/${id}`, { headers: { Cookie: cookie } }),
      {
        id: String(id),
      },
    );
    expect(edit.body.values).toMatchObject({ title, status: "published" });
    expect(
      (
        await callRoute(routes.editorRoute.loader, new Request(`${origin}/admin/release-notes/999999`, { headers: { Cookie: cookie } }), {
          id: "999999",
        })
      ).status,
    ).toBe(404);
  });
});
