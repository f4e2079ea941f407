import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "~/i18n/use-translation";

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
