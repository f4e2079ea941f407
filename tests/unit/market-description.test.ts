import DOMPurify from "isomorphic-dompurify";
import { describe, expect, it, vi } from "vitest";

import cryptos from "~/market/data/cryptos.json";
import * as purifierModule from "~/platform/html-purifier.server";
import { allowed, descriptionHtml, paragraphsOf } from "~/screens/crypto-description.server";

vi.mock("~/platform/html-purifier.server", { spy: true });

/** What descriptionHtml gave before it skipped the DOM: every text through DOMPurify (with no links, its hook changes nothing). */
function throughDomPurify(text: string): string {
  return DOMPurify.sanitize(paragraphsOf(text), allowed);
}

const embedded = cryptos.flatMap(({ description }) => (description ? Object.values(description) : []));

describe("crypto descriptions", () => {
  it("renders the embedded dataset's descriptions without loading a DOM, as DOMPurify would", () => {
    expect(embedded.length).toBeGreaterThan(50);
    for (const text of embedded) expect(descriptionHtml(text)).toBe(throughDomPurify(text));
    expect(purifierModule.htmlPurifier).not.toHaveBeenCalled();
  });

  it("gives plain text with what parsing changes the same HTML as DOMPurify", () => {
    const texts = [
      "Primeiro parágrafo.\r\n\r\nSegundo\r\ncom quebra.",
      "  espaços \n\n\n  e linhas \n",
      "S&P 500 &amp; Nasdaq &lt;b&gt;",
      "1 < 2 > 0",
      "um\rdois",
      "nulo\0aqui",
      "sem\u00a0quebra",
      "aspas \"duplas\" e 'simples'",
      "",
    ];
    for (const text of texts) expect(descriptionHtml(text)).toBe(throughDomPurify(text));
  });

  it("keeps a few harmless tags and makes links leave the site safely", () => {
    expect(descriptionHtml('Veja <a href="https://bitcoin.org" onclick="x()">o site</a><script>alert(1)</script>')).toBe(
      '<p>Veja <a href="https://bitcoin.org" target="_blank" rel="noopener noreferrer">o site</a></p>',
    );
  });
});
