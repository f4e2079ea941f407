import { createInstance, type i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";

import { addLanguage, addNamespace, loadLanguageResources } from "~/i18n/client-resources";
import { namespaces, onDemandNamespaces } from "~/i18n/languages";
import { loadNamespacesOnDemand, useTranslation, withNamespace } from "~/i18n/use-translation";

const resources = {
  "pt-BR": {
    common: {
      greeting: "Olá, {{name}}",
      items_one: "{{count}} item",
      items_other: "{{count}} itens",
      list: ["um", "dois"],
    },
  },
  en: { common: { greeting: "Hello, {{name}}", items_one: "{{count}} item", items_other: "{{count}} items", list: ["one", "two"] } },
};

async function translator() {
  const i18n = createInstance({ resources, lng: "pt-BR", defaultNS: "common", showSupportNotice: false });
  await i18n.use(initReactI18next).init();
  let translate: ReturnType<typeof useTranslation>["t"] | undefined;
  function Probe() {
    translate = useTranslation().t;
    return null;
  }
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Probe />
    </I18nextProvider>,
  );
  return { i18n, t: translate! };
}

describe("useTranslation's remembered texts", () => {
  it("gives each set of values its own text, and a count its plural form", async () => {
    const { t } = await translator();
    expect(t("greeting", { name: "Ana" })).toBe("Olá, Ana");
    expect(t("greeting", { name: "Bruno" })).toBe("Olá, Bruno");
    expect(t("greeting", { name: "Ana" })).toBe("Olá, Ana");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 2 })).toBe("2 itens");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("greeting")).toBe("Olá, {{name}}");
  });

  it("escapes values as i18next does, and passes other calls through", async () => {
    const { t } = await translator();
    expect(t("greeting", { name: "<b>" })).toBe("Olá, &lt;b&gt;");
    expect(t("greeting", { name: "<b>", interpolation: { escapeValue: false } })).toBe("Olá, <b>");
    expect(t("list", { returnObjects: true })).toEqual(["um", "dois"]);
  });

  it("forgets what it remembered when the language changes", async () => {
    const { i18n, t } = await translator();
    expect(t("greeting", { name: "Ana" })).toBe("Olá, Ana");
    await i18n.changeLanguage("en");
    expect(t("greeting", { name: "Ana" })).toBe("Hello, Ana");
    expect(t("items", { count: 2 })).toBe("2 items");
  });
});

describe("withNamespace", () => {
  const Page = withNamespace("content", function Page({ suffix }: { suffix: string }) {
    const { t } = useTranslation("content");
    return <h1>{`${t("title")}${suffix}`}</h1>;
  });

  async function renderedOnceReady(i18n: i18n) {
    const { prelude } = await prerenderToNodeStream(
      <I18nextProvider i18n={i18n}>
        <Page suffix="!" />
      </I18nextProvider>,
    );
    let html = "";
    for await (const chunk of prelude) html += String(chunk);
    return html;
  }

  it("waits for an on-demand namespace the browser does not have, loading it once", async () => {
    const { i18n } = await translator();
    const loads: string[] = [];
    loadNamespacesOnDemand(i18n, async (language, namespace) => {
      loads.push(`${language}/${namespace}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      i18n.addResourceBundle(language, namespace, { title: "Perguntas" });
    });
    expect(await renderedOnceReady(i18n)).toBe("<h1>Perguntas!</h1>");
    expect(loads).toEqual(["pt-BR/content"]);
    expect(await renderedOnceReady(i18n)).toBe("<h1>Perguntas!</h1>");
    expect(loads).toEqual(["pt-BR/content"]);
  });

  it("renders at once where every namespace is there (the server)", async () => {
    const { i18n } = await translator();
    i18n.addResourceBundle("pt-BR", "content", { title: "Sobre" });
    expect(renderToString(<I18nextProvider i18n={i18n}>{<Page suffix="." />}</I18nextProvider>)).toBe("<h1>Sobre.</h1>");
  });
});

describe("the browser's translations", () => {
  it("start without the on-demand namespaces and the server-only answers", async () => {
    const bundles = await loadLanguageResources("es");
    expect(Object.keys(bundles).sort()).toEqual(namespaces.filter((namespace) => !onDemandNamespaces.includes(namespace)).sort());
  });

  it("switch language with the on-demand namespaces the page already has", async () => {
    const withContent = createInstance({ lng: "pt-BR", resources: {}, showSupportNotice: false });
    await withContent.init();
    await addNamespace(withContent, "pt-BR", "content");
    await addLanguage(withContent, "en");
    expect(withContent.hasResourceBundle("en", "common")).toBe(true);
    expect(withContent.hasResourceBundle("en", "content")).toBe(true);

    const withoutContent = createInstance({ lng: "pt-BR", resources: {}, showSupportNotice: false });
    await withoutContent.init();
    await addLanguage(withoutContent, "en");
    expect(withoutContent.hasResourceBundle("en", "common")).toBe(true);
    expect(withoutContent.hasResourceBundle("en", "content")).toBe(false);
  });
});
