import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { hasVisibleText, isReadableText, readableText, requiredText, unreadableTextError } from "~/platform/text";

import { callRoute, signedInUser } from "../support/route-call";
import { contextFor } from "../support/router-context";
import { sharedTestServices } from "../support/services";

describe("free text people write", () => {
  it("is readable with any letters, emoji, marks and line breaks", () => {
    for (const text of ["Ações de energia", "👩‍👩‍👧‍👦 🏳️‍🌈", "שלום\u200F עולם", "a\tb\r\nc", "Z̤̔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻̊", "<script>"]) {
      expect(isReadableText(text), JSON.stringify(text)).toBe(true);
    }
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => isReadableText(text.replace(/[\p{Cc}\uFFFD]/gu, ""))));
  });

  it("is unreadable with control characters, lone surrogates or U+FFFD", () => {
    for (const text of ["a\u0000b", "\u0007", "\u001b[31m", "\u007f", "\u0085", "x\uD800", "\uDFFFy", "bad \uFFFD byte"]) {
      expect(isReadableText(text), JSON.stringify(text)).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        (ascii, surrogate) => !isReadableText(`${ascii}${String.fromCharCode(surrogate)}`),
      ),
    );
  });

  it("looks empty when made only of spaces and invisible characters", () => {
    for (const text of ["", " ", "\u200B", "\u200B\u200C\u200D\uFEFF", "\u00A0\u3000", "\u200E\u200F\u061C", "\u2028"]) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ["a", " 😀 ", "\u200Bx", "\u0301"]) expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
  });

  it("gives a required field its own 'required' message once, and unreadable text a message of its own", () => {
    const title = requiredText(z.string().trim().min(1, "required").max(10, "tooLong"), "required");
    const messages = (value: string) => title.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages("Notas")).toEqual([]);
    expect(messages(" ")).toEqual(["required"]);
    expect(messages("\u200B\u200B")).toEqual(["required"]);
    expect(messages("a\u0000b")).toEqual([unreadableTextError]);
    expect(messages("x".repeat(11))).toEqual(["tooLong"]);
    const description = readableText(z.string().max(10));
    expect(description.safeParse("").success).toBe(true);
    expect(description.safeParse("\uFFFD").error?.issues[0]?.message).toBe(unreadableTextError);
  });
});

describe("a form post whose body is not a form", () => {
  it("is a translated 400, not a 500", async () => {
    const { readFormData } = await import("~/platform/http.server");
    for (const [contentType, body, language, text] of [
      ["application/json", '{"a": 1}', "en", "Invalid request. Please check what was sent."],
      ["multipart/form-data; boundary=abc", "garbage", "pt-BR", "Requisição inválida. Confira os dados enviados."],
      ["text/plain", "a=b", "es", "Solicitud no válida. Revisa los datos enviados."],
    ] as const) {
      const request = new Request("http://localhost/register", {
        method: "POST",
        headers: { "Content-Type": contentType, "Accept-Language": language },
        body,
      });
      const refused = await readFormData(request, await contextFor(request)).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(400);
      expect(await (refused as Response).text()).toBe(text);
    }
  });

  it("is read as usual when it is one", async () => {
    const { readFormData } = await import("~/platform/http.server");
    const request = new Request("http://localhost/theme", { method: "POST", body: new URLSearchParams({ theme: "dark" }) });
    expect((await readFormData(request, await contextFor(request))).get("theme")).toBe("dark");
  });
});

describe("a favourite", () => {
  const star = (cookie: string, fields: Record<string, string>) =>
    new Request("http://localhost/favorites", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", redirectTo: "/cryptos", ...fields }),
    });

  it("is only added for an asset the market knows", async () => {
    const { action } = await import("~/routes/favorite");
    const { listFavorites } = await import("~/favorites/favorites.server");
    const { user, cookie } = await signedInUser();
    for (const [assetType, assetId] of [
      ["crypto", "not-a-coin-at-all"],
      ["stock", "ZZZZ9"],
    ]) {
      const refused = await callRoute(action, star(cookie, { assetType: assetType!, assetId: assetId! }));
      expect(refused.status, `${assetType} ${assetId}`).toBe(400);
    }
    expect((await callRoute(action, star(cookie, { assetType: "crypto", assetId: "bitcoin" }))).status).toBe(302);
    expect((await callRoute(action, star(cookie, { assetType: "stock", assetId: "petr4" }))).status).toBe(302);
    const { db } = (await sharedTestServices()).platform;
    expect((await listFavorites(db, user.id)).map((row) => `${row.assetType}:${row.assetId}`)).toEqual(["crypto:bitcoin", "stock:PETR4"]);
  });
});
