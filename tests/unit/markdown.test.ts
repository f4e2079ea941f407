import { describe, expect, it } from "vitest";

import { markdownExcerpt, renderMarkdown } from "~/content/markdown.server";

describe("renderMarkdown", () => {
  it("keeps the formatting release notes use", () => {
    const html = renderMarkdown(
      [
        "## Novidades",
        "",
        "Texto com **negrito**, *itálico* e `código`.",
        "",
        "- um",
        "- dois",
        "",
        "1. primeiro",
        "",
        "> citação",
        "",
        "---",
        "",
        "```",
        "npm start",
        "```",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Novidades</h2>");
    expect(html).toContain("<strong>negrito</strong>");
    expect(html).toContain("<em>itálico</em>");
    expect(html).toContain("<code>código</code>");
    expect(html).toMatch(/<ul>\s*<li>um<\/li>\s*<li>dois<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>primeiro<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>citação<\/p>\s*<\/blockquote>/);
    expect(html).toContain("<hr>");
    expect(html).toContain("<pre><code>npm start\n</code></pre>");
  });

  it("keeps headings between h2 and h4, below the page's own h1", () => {
    const html = renderMarkdown("# Um\n\n### Três\n\n###### Seis");
    expect(html).toContain("<h2>Um</h2>");
    expect(html).toContain("<h3>Três</h3>");
    expect(html).toContain("<h4>Seis</h4>");
    expect(html).not.toMatch(/<h[156]/);
  });

  it("removes scripts, styles, images, frames and event attributes", () => {
    const html = renderMarkdown(
      [
        "Antes <script>alert('x')</script> depois",
        "",
        '<img src="x" onerror="alert(1)">',
        "",
        "![imagem](https://example.com/a.png)",
        "",
        '<p onclick="alert(2)" style="color:red">parágrafo</p>',
        "",
        '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script|<img|<style|<iframe|onerror|onclick|style=|alert\(/i);
    expect(html).toContain("Antes");
    expect(html).toContain("depois");
    expect(html).toContain("<p>parágrafo</p>");
  });

  it("drops javascript: and data: links but keeps their text", () => {
    const html = renderMarkdown(
      '[clique](javascript:alert(1)) e [dados](data:text/html,<b>x</b>) e <a href="JaVaScRiPt:alert(1)">outro</a>',
    );
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain("clique");
    expect(html).toContain("outro");
  });

  it("protects external links and leaves links to this site alone", () => {
    const html = renderMarkdown(
      '[fora](https://example.com/x) e [aqui](/cryptos/bitcoin) e <a href="https://example.com" target="_blank">alvo</a>',
    );
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">fora</a>');
    expect(html).toContain('<a href="/cryptos/bitcoin">aqui</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">alvo</a>');
    expect(html).not.toContain("target=");
  });

  it("is not affected by the link hook market descriptions add to the shared DOMPurify", async () => {
    const { descriptionHtml } = await import("~/screens/crypto-description.server");
    expect(descriptionHtml('<a href="https://example.com">x</a>')).toContain('target="_blank"');
    expect(renderMarkdown("[aqui](/news)")).toContain('<a href="/news">aqui</a>');
  });
});

describe("markdownExcerpt", () => {
  it("is the first paragraph as plain text", () => {
    expect(markdownExcerpt("## Título\n\nUm **texto** com [link](https://example.com) e `código`.\n\nSegundo.")).toBe(
      "Um texto com link e código.",
    );
  });

  it("cuts long text at a word and marks the cut", () => {
    const excerpt = markdownExcerpt(`${"palavra ".repeat(60)}fim`, 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith("palavra…")).toBe(true);
  });

  it("leaves out inline HTML", () => {
    expect(markdownExcerpt("Olá <script>alert(1)</script> mundo")).not.toContain("script");
  });
});
