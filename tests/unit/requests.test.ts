import { describe, expect, it } from "vitest";

import { contextFor, routeArgs } from "../support/router-context";

async function rootLoad(url: string, headers: Record<string, string> = {}) {
  const { loader } = await import("~/root");
  const request = new Request(`http://localhost${url}`, { headers });
  const result = await loader(routeArgs(request, await contextFor(request)));
  return { data: result.data, headers: new Headers(result.init?.headers) };
}

describe("language detection on the server", () => {
  it("falls back to pt-BR", async () => {
    expect((await rootLoad("/")).data.locale).toBe("pt-BR");
  });

  it("follows ?lng, then the i18next cookie, then Accept-Language", async () => {
    expect((await rootLoad("/", { "Accept-Language": "es-ES,es;q=0.9" })).data.locale).toBe("es");
    expect((await rootLoad("/", { Cookie: "i18next=en", "Accept-Language": "es" })).data.locale).toBe("en");
    expect((await rootLoad("/?lng=es", { Cookie: "i18next=en" })).data.locale).toBe("es");
    expect((await rootLoad("/", { Cookie: "i18next=fr", "Accept-Language": "en-GB" })).data.locale).toBe("en");
    expect((await rootLoad("/", { "Accept-Language": "pt" })).data.locale).toBe("pt-BR");
  });

  it("remembers a ?lng choice in the cookie and leaves plain visits without Set-Cookie", async () => {
    const chosen = await rootLoad("/about-us?lng=en");
    expect(chosen.headers.get("Set-Cookie")).toMatch(/^i18next=en;.*Path=\/.*SameSite=Lax/i);
    expect((await rootLoad("/about-us")).headers.get("Set-Cookie")).toBeNull();
  });
});

describe("theme", () => {
  it("is dark by default and read from the theme cookie", async () => {
    expect((await rootLoad("/")).data.theme).toBe("dark");
    expect((await rootLoad("/", { Cookie: "theme=light" })).data.theme).toBe("light");
    expect((await rootLoad("/", { Cookie: "theme=purple" })).data.theme).toBe("dark");
  });

  it("is switched by a form post that sets the cookie and returns to the page", async () => {
    const { action } = await import("~/routes/preferences");
    const request = new Request("http://localhost/theme", {
      method: "POST",
      body: new URLSearchParams({ theme: "light", redirectTo: "/faq?lng=en" }),
    });
    const response = (await action(routeArgs(request, await contextFor(request)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/faq?lng=en");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light;/);
  });

  it("refuses a bad theme with a translated message and never redirects off-site", async () => {
    const { action } = await import("~/routes/preferences");
    const bad = new Request("http://localhost/theme", {
      method: "POST",
      headers: { "Accept-Language": "en" },
      body: new URLSearchParams({ theme: "<script>", redirectTo: "/" }),
    });
    const refused = (await action(routeArgs(bad, await contextFor(bad)))) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Invalid request. Please check what was sent.");

    const offsite = new Request("http://localhost/theme", {
      method: "POST",
      body: new URLSearchParams({ theme: "dark", redirectTo: "https://evil.example/" }),
    });
    const response = (await action(routeArgs(offsite, await contextFor(offsite)))) as Response;
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("the other preference posts", () => {
  const post = async (path: string, fields: Record<string, string>) => {
    const { action } = await import("~/routes/preferences");
    const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
    return (await action(routeArgs(request, await contextFor(request)))) as Response;
  };

  it("each set their own cookie at their own address, and refuse another's fields", async () => {
    const currency = await post("/currency", { currency: "eur", redirectTo: "/cryptos" });
    expect(currency.headers.get("Location")).toBe("/cryptos");
    expect(currency.headers.get("Set-Cookie")).toMatch(/^currency=eur;/);
    const dismissed = await post("/demo-notice", { redirectTo: "/stocks" });
    expect(dismissed.headers.get("Location")).toBe("/stocks");
    expect(dismissed.headers.get("Set-Cookie")).toMatch(/^demo-notice=dismissed;.*HttpOnly/i);
    expect((await post("/currency", { theme: "light" })).status).toBe(400);
  });
});

describe("flash messages", () => {
  it("are translated, shown once and then cleared", async () => {
    const cookie = `flash=${encodeURIComponent(JSON.stringify({ kind: "error", messageKey: "messages.somethingWentWrong" }))}`;
    const result = await rootLoad("/", { Cookie: cookie, "Accept-Language": "en" });
    expect(result.data.flash).toEqual({ kind: "error", message: "Something went wrong, please try again later" });
    expect(result.headers.get("Set-Cookie")).toMatch(/^flash=;.*Max-Age=0/);
  });

  it("ignore a tampered cookie", async () => {
    const result = await rootLoad("/", { Cookie: "flash=%7Bnot-json" });
    expect(result.data.flash).toBeNull();
  });
});
