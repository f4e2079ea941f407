// @vitest-environment jsdom
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";

import { resources } from "~/i18n/resources";
import type { DataSource } from "~/market/types";
import { DemoNotice } from "~/ui/market/demo-notice";

/** The notice on /cryptos?page=2, under a root whose loader read (or not) the visitor's dismissal. */
async function renderNotice(sources: DataSource[], stale: boolean, dismissed: boolean) {
  const i18n = createInstance({ resources, lng: "pt-BR", defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  const root = { demoNoticeDismissed: dismissed };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => root,
      children: [{ id: "page", path: "cryptos", Component: () => <DemoNotice sources={sources} stale={stale} /> }],
    },
  ]);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/cryptos?page=2"]} hydrationData={{ loaderData: { root, page: null } }} />
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(html, "text/html");
}

describe("demonstration-data notice", () => {
  it("is one line linking to About the data, with a dismiss form that returns to the same page", async () => {
    const page = await renderNotice(["demo"], false, false);
    const notice = page.querySelector('[data-testid="demo-notice"]');
    expect(notice?.textContent).toBe("Dados de demonstração — ver as fontes");
    expect(notice?.querySelector("a")?.getAttribute("href")).toBe("/about-data");
    const form = notice?.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/demo-notice");
    expect(form?.querySelector<HTMLInputElement>('input[name="redirectTo"]')?.value).toBe("/cryptos?page=2");
    expect(form?.querySelector("button")?.getAttribute("aria-label")).toBe("Dispensar o aviso de dados de demonstração");
  });

  it("is gone once dismissed, while a failing provider is still announced, without a way to dismiss it", async () => {
    expect((await renderNotice(["demo"], false, true)).body.textContent).toBe("");
    for (const dismissed of [false, true]) {
      const page = await renderNotice(["live"], true, dismissed);
      expect(page.querySelector('[data-testid="stale-notice"]')?.textContent).toContain("O provedor de dados não respondeu");
      expect(page.querySelector("form")).toBeNull();
    }
    expect((await renderNotice(["live"], false, false)).body.textContent).toBe("");
  });
});
