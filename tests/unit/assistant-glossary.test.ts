import { describe, expect, it } from "vitest";

import { findGlossaryTerm, glossaryTermName, glossaryTerms } from "~/assistant/glossary";
import { supportedLanguages } from "~/i18n/languages";

const idOf = (question: string) => findGlossaryTerm(question)?.id ?? null;

describe("glossary data", () => {
  it("has at least 90 terms with unique ids", () => {
    expect(glossaryTerms.length).toBeGreaterThanOrEqual(90);
    expect(new Set(glossaryTerms.map((term) => term.id)).size).toBe(glossaryTerms.length);
  });

  it("names and defines every term in all three languages, in plain text", () => {
    for (const term of glossaryTerms) {
      for (const language of supportedLanguages) {
        expect(term.names[language].length, `${term.id} ${language}`).toBeGreaterThan(0);
        expect(glossaryTermName(term, language).trim(), `${term.id} ${language}`).not.toBe("");
        const definition = term.definition[language];
        expect(definition.length, `${term.id} ${language}`).toBeGreaterThan(80);
        expect(definition, `${term.id} ${language}`).not.toMatch(/<|\*\*|__|`|^#|\]\(/m);
      }
    }
  });

  it("covers the terms a beginner meets", () => {
    const ids = new Set(glossaryTerms.map((term) => term.id));
    const required = [
      "selic",
      "cdi",
      "ipca",
      "igp-m",
      "copom",
      "dividend-yield",
      "jcp",
      "p-l",
      "p-vp",
      "roe",
      "ebitda",
      "lpa",
      "fii",
      "bdr",
      "etf",
      "acao-on",
      "acao-pn",
      "units",
      "ibovespa",
      "ifix",
      "sp-500",
      "tesouro-selic",
      "tesouro-ipca",
      "tesouro-prefixado",
      "cdb",
      "lci",
      "lca",
      "fgc",
      "come-cotas",
      "ir-acoes",
      "darf",
      "venda-a-descoberto",
      "opcoes",
      "circuit-breaker",
      "stablecoin",
      "halving",
      "staking",
      "seed-phrase",
      "gas-fee",
      "mineracao",
      "proof-of-stake",
      "market-cap-rank",
      "max-supply",
      "ath",
      "ptax",
      "perfil-de-investidor",
      "payout",
      "valuation",
    ];
    expect(required.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("links only to the app's pages", () => {
    const pages = /^\/(cryptos(\/(bitcoin|ethereum))?|stocks(\?type=(stock|fund|bdr|others))?|news|calendar|currency-converter)$/;
    for (const term of glossaryTerms) if (term.href) expect(term.href, term.id).toMatch(pages);
  });

  it("shows the display name of the asked language", () => {
    const fii = glossaryTerms.find((term) => term.id === "fii")!;
    expect(glossaryTermName(fii, "pt-BR")).toBe("Fundo imobiliário (FII)");
    expect(glossaryTermName(fii, "en")).toBe("Real estate fund (FII)");
  });
});

describe("findGlossaryTerm", () => {
  it.each([
    ["o que é a Selic?", "selic"],
    ["o que e cdi", "cdi"],
    ["O QUE É IPCA?", "ipca"],
    ["como funciona o IGP-M no aluguel?", "igp-m"],
    ["quando é a próxima reunião do Copom?", "copom"],
    ["explique P/L", "p-l"],
    ["qual o P/VP do banco?", "p-vp"],
    ["o que sao fiis", "fii"],
    ["vale a pena investir em fundos imobiliários?", "fii"],
    ["o que é Tesouro IPCA+?", "tesouro-ipca"],
    ["o que significa IPCA+ 2035", "tesouro-ipca"],
    ["tesouro selic ou CDB?", "tesouro-selic"],
    ["como funciona a isenção de 20 mil?", "ir-acoes"],
    ["o que é come-cotas", "come-cotas"],
    ["o que é JCP", "jcp"],
    ["o que é ação PN", "acao-pn"],
    ["como funciona o aluguel de ações", "aluguel-de-acoes"],
    ["o que é venda a descoberto?", "venda-a-descoberto"],
    ["como comprar no mercado fracionário", "mercado-fracionario"],
    ["o que é a carteira de criptomoedas", "wallet"],
    ["montei minha carteira", "carteira-de-investimentos"],
    ["o que é margem de lucro", "margem-liquida"],
    ["como a taxa de câmbio afeta a bolsa?", "cambio"],
  ])("pt-BR: %s", (question, id) => {
    expect(idOf(question)).toBe(id);
  });

  it.each([
    ["What does dividend yield mean", "dividend-yield"],
    ["What's staking", "staking"],
    ["what is the S&P 500?", "sp-500"],
    ["explain market cap rank", "market-cap-rank"],
    ["what is market cap", "market-cap"],
    ["what is a stock split", "desdobramento"],
    ["reverse split?", "grupamento"],
    ["what is an ETF", "etf"],
    ["how do ETFs work?", "etf"],
    ["what is a seed phrase", "seed-phrase"],
    ["why is the gas fee so high", "gas-fee"],
    ["what is the bitcoin halving", "halving"],
    ["what is proof of stake", "proof-of-stake"],
    ["what is the all-time high of bitcoin", "ath"],
    ["what is the exchange rate of the real", "cambio"],
    ["what is a crypto exchange", "exchange"],
    ["define EPS", "lpa"],
    ["what is a bear market", "bear-market"],
    ["what's the EBITDA margin", "ebitda"],
    ["what is a margin call", "margem"],
  ])("en: %s", (question, id) => {
    expect(idOf(question)).toBe(id);
  });

  it.each([
    ["¿qué es un FII?", "fii"],
    ["¿qué es la tasa Selic?", "selic"],
    ["¿Qué significa rentabilidad por dividendo?", "dividend-yield"],
    ["¿qué es un BDR?", "bdr"],
    ["¿que es el interes compuesto?", "juros-compostos"],
    ["¿cómo funciona la venta en corto?", "venda-a-descoberto"],
    ["¿qué es una stablecoin?", "stablecoin"],
    ["explícame el análisis técnico", "analise-tecnica"],
    ["¿qué es la media móvil?", "media-movel"],
    ["¿qué es una opción de compra?", "opcoes"],
    ["¿qué es el dólar PTAX?", "ptax"],
    ["¿qué es el suministro máximo de bitcoin?", "max-supply"],
    ["¿qué es la capitalización de mercado?", "market-cap"],
    ["¿qué es el fondo de emergencia?", "reserva-de-emergencia"],
    ["¿qué es una billetera fría?", "wallet"],
    ["¿qué son las acciones preferentes?", "acao-pn"],
    ["¿qué es el mercado bajista?", "bear-market"],
    ["¿qué es la minería de bitcoin?", "mineracao"],
    ["¿qué es el PIB?", "pib"],
    ["¿qué es la comisión de administración?", "taxa-de-administracao"],
  ])("es: %s", (question, id) => {
    expect(idOf(question)).toBe(id);
  });

  it("prefers the longest alias", () => {
    expect(idOf("tesouro ipca+ ou ipca?")).toBe("tesouro-ipca");
    expect(idOf("market cap rank vs market cap")).toBe("market-cap-rank");
    expect(idOf("o que é rendimento de dividendos")).toBe("dividend-yield");
    expect(idOf("home broker ou corretora?")).toBe("home-broker");
  });

  it("breaks ties between equally long aliases by position", () => {
    expect(idOf("LCI ou LCA?")).toBe("lci");
    expect(idOf("LCA ou LCI?")).toBe("lca");
  });

  it("matches whole words only", () => {
    expect(idOf("setfoo")).toBeNull();
    expect(idOf("somebody")).toBeNull();
    expect(idOf("o bitcoinzinho")).toBeNull();
    expect(idOf("dy?")).toBe("dividend-yield");
  });

  it("matches aliases that contain punctuation and spacing differences", () => {
    expect(idOf("p/l alto é bom?")).toBe("p-l");
    expect(idOf("igp-m")).toBe("igp-m");
    expect(idOf("sp500 ou s&p  500?")).toBe("sp-500");
    expect(idOf("IPCA+2035")).toBe("tesouro-ipca");
    expect(idOf("What’s Standard & Poor’s 500?")).toBe("sp-500");
  });

  it("returns null when no term is named", () => {
    expect(idOf("qual a previsão do tempo?")).toBeNull();
    expect(idOf("hello")).toBeNull();
    expect(idOf("¿cómo estás?")).toBeNull();
    // Everyday words that fold to a term's alias ("cambio", "opções") must not trigger a definition.
    expect(idOf("¿cómo cambio mi contraseña?")).toBeNull();
    expect(idOf("quais são as minhas opções?")).toBeNull();
    expect(idOf("where do I put my money?")).toBeNull();
    expect(idOf("")).toBeNull();
  });
});
