import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { allNamespaces, fallbackLanguage, supportedLanguages } from "~/i18n/languages";

const localesDir = path.resolve("locales");

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8"));
}

/** Every leaf path, with array positions, so arrays of sections must match in length too. */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, `${prefix}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function emptyLeaves(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => emptyLeaves(item, `${prefix}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => emptyLeaves(child, `${prefix}.${key}`));
  }
  return typeof value === "string" && value.trim() ? [] : [prefix];
}

describe("translations", () => {
  it("has exactly the supported languages and namespaces on disk", () => {
    expect(readdirSync(localesDir).sort()).toEqual([...supportedLanguages].sort());
    for (const language of supportedLanguages) {
      expect(readdirSync(path.join(localesDir, language)).sort()).toEqual(allNamespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of allNamespaces) {
    const source = leafPaths(load(fallbackLanguage, namespace)).sort();

    for (const language of supportedLanguages) {
      it(`${language}/${namespace} has every key of pt-BR and no extra ones`, () => {
        const keys = leafPaths(load(language, namespace)).sort();
        expect(
          source.filter((key) => !keys.includes(key)),
          "missing keys",
        ).toEqual([]);
        expect(
          keys.filter((key) => !source.includes(key)),
          "keys not in pt-BR",
        ).toEqual([]);
      });

      it(`${language}/${namespace} has no empty texts`, () => {
        expect(emptyLeaves(load(language, namespace))).toEqual([]);
      });
    }
  }

  it("uses the spec's Portuguese texts word for word", () => {
    const common = load("pt-BR", "common") as Record<string, Record<string, string>>;
    expect(common.nav?.myAccount).toBe("Minha Conta");
    expect(common.nav?.connectAccount).toBe("Conectar a Conta");
    expect(common.footer?.information).toBe("Informações");
    expect(common.footer?.aboutUs).toBe("Sobre Nós");
    expect(common.footer?.privacyPolicy).toBe("Política de Privacidade");
    expect(common.footer?.cookiePolicy).toBe("Política de Cookies");
    expect(common.footer?.tools).toBe("Ferramentas");
    expect(common.footer?.socialNetworks).toBe("Redes Sociais");
    expect(common.footer?.viewOnLinkedin).toBe("Ver no Linkedin");
    expect(common.theme?.darkMode).toBe("Modo Escuro");
    expect(common.bottomNav).toMatchObject({
      explore: "Explorar",
      news: "Notícias",
      stocks: "Ações",
      crypto: "Cripto",
      resources: "Recursos",
    });
  });

  it("names a chart's series with the terms traders read in each language", () => {
    const series = (language: string) => (load(language, "common") as { chart: { series: Record<string, string> } }).chart.series;
    expect(series("en")).toMatchObject({ open: "Open", close: "Close", high: "High", low: "Low" });
    expect(series("pt-BR")).toMatchObject({ open: "Abertura", close: "Fechamento", high: "Máxima", low: "Mínima" });
    expect(series("es")).toMatchObject({ open: "Apertura", close: "Cierre", high: "Máximo", low: "Mínimo" });
  });
});
